import { describe, expect, it } from 'vitest';
import { mapStatus } from './status-code-mapping.js';

describe('mapStatus', () => {
  it('rewrites mapped error statuses', () => {
    expect(mapStatus(429, { '429': '500' })).toBe(500);
    expect(mapStatus(400, { '400': 503 })).toBe(503);
  });
  it('never rewrites a success, unmapped statuses, or to an invalid status', () => {
    expect(mapStatus(200, { '200': '500' })).toBe(200);
    expect(mapStatus(404, { '429': '500' })).toBe(404);
    expect(mapStatus(429, { '429': 'abc' })).toBe(429);
    expect(mapStatus(429, { '429': '99' })).toBe(429);
    expect(mapStatus(429, null)).toBe(429);
  });
});

import { describe, expect, it } from 'vitest';
import { mapModel, parseJsonObject } from './model-mapping.js';

describe('mapModel', () => {
  it('leaves the model alone without a mapping', () => expect(mapModel('gpt-4o', null)).toEqual({ upstream: 'gpt-4o', mapped: false }));
  it('maps one hop and follows chains', () => {
    expect(mapModel('a', { a: 'b' })).toEqual({ upstream: 'b', mapped: true });
    expect(mapModel('a', { a: 'b', b: 'c' })).toEqual({ upstream: 'c', mapped: true });
  });
  it('stops at cycles and ignores empty or non-string targets', () => {
    expect(mapModel('a', { a: 'b', b: 'a' })).toEqual({ upstream: 'b', mapped: true });
    expect(mapModel('a', { a: '' })).toEqual({ upstream: 'a', mapped: false });
    expect(mapModel('a', { a: 5 })).toEqual({ upstream: 'a', mapped: false });
    expect(mapModel('a', { a: 'a' })).toEqual({ upstream: 'a', mapped: false });
  });
});

describe('parseJsonObject', () => {
  it('accepts objects only', () => {
    expect(parseJsonObject('{"a":"b"}')).toEqual({ a: 'b' });
    expect(parseJsonObject('')).toBeNull();
    expect(parseJsonObject('[1]')).toBeNull();
    expect(parseJsonObject('{bad')).toBeNull();
  });
});

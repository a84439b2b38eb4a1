import { describe, expect, it, vi } from 'vitest';
import { CallCancel } from './call-cancel.js';

describe('CallCancel', () => {
  it('runs each listener once on abort, not the removed ones', () => {
    const c = new CallCancel();
    const a = vi.fn();
    const b = vi.fn();
    c.onAbort(a);
    const removeB = c.onAbort(b);
    removeB();
    expect(c.aborted).toBe(false);
    c.abort();
    c.abort();
    expect(c.aborted).toBe(true);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
  });

  it('gives a platform signal that follows it, made before or after the abort', () => {
    const before = new CallCancel();
    const s = before.signal;
    expect(s.aborted).toBe(false);
    before.abort();
    expect(s.aborted).toBe(true);
    const after = new CallCancel();
    after.abort();
    expect(after.signal.aborted).toBe(true);
  });
});

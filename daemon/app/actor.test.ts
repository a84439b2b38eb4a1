import { describe, expect, it } from 'vitest';
import { mayActOnUser, type Actor } from './actor.js';

const actor = (id: number, role: number): Actor => ({ id, role, username: `u${id}`, group: 'default', agentId: 0 });

describe('mayActOnUser', () => {
  it('admins act on anyone', () => expect(mayActOnUser(actor(1, 100), 9, 0)).toBe(true));
  it('users act only on themselves', () => {
    expect(mayActOnUser(actor(2, 1), 2, 0)).toBe(true);
    expect(mayActOnUser(actor(2, 1), 3, 2)).toBe(false);
  });
  it('agents act on themselves and their own sub-users only', () => {
    expect(mayActOnUser(actor(5, 10), 5, 0)).toBe(true);
    expect(mayActOnUser(actor(5, 10), 6, 5)).toBe(true);
    expect(mayActOnUser(actor(5, 10), 7, 8)).toBe(false);
    expect(mayActOnUser(actor(5, 10), 7, 0)).toBe(false);
  });
});

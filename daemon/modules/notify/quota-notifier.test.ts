// The hot path of quota warnings: above the threshold, nothing but the cached user is looked at.
import { describe, expect, it } from 'vitest';
import type { QuotaNotifierDeps } from './quota-notifier.js';
import { QuotaNotifier } from './quota-notifier.js';

function notifier(threshold: number | null, remind = 1000, current = true) {
  const seen = { forks: 0, peeks: 0, cacheReads: 0, mails: 0 };
  const deps = {
    em: { fork: () => { seen.forks++; throw new Error('no database on this path'); } },
    clock: () => 1_900_000_000,
    epochs: { on: () => undefined },
    users: {
      // the snapshot when it is current (no reload under way), else undefined
      peek: () => { seen.peeks++; return current ? { id: 1, quotaWarningThreshold: threshold } : undefined; },
      get: async () => { seen.cacheReads++; return { id: 1, quotaWarningThreshold: threshold }; },
    },
    options: { number: (k: string) => (k === 'QuotaRemindThreshold' ? remind : 500_000), bool: () => true, get: () => '' },
    mailer: { send: async () => { seen.mails++; } },
    allowPrivateWebhook: false,
    log: (m: string) => { throw new Error(`unexpected log: ${m}`); },
  } as unknown as QuotaNotifierDeps;
  return { n: new QuotaNotifier(deps), seen };
}

describe('QuotaNotifier.afterCharge above the threshold', () => {
  it('reads only the cached user: no database, no mail', async () => {
    const { n, seen } = notifier(5000);
    n.afterCharge(1, 5000);
    n.afterCharge(1, 9_999_999);
    await n.idle();
    n.afterCharge(1, 5001);
    await n.idle();
    // decided synchronously from the cached user: no promise, no await
    expect(seen).toEqual({ forks: 0, peeks: 3, cacheReads: 0, mails: 0 });
  });

  it('waits for the user cache when it is reloading, and still stays off the database above the threshold', async () => {
    const { n, seen } = notifier(5000, 1000, false);
    n.afterCharge(1, 6000);
    await n.idle();
    expect(seen).toEqual({ forks: 0, peeks: 1, cacheReads: 1, mails: 0 });
  });

  it("uses the site's QuotaRemindThreshold when the user saved none, and 0 means never", async () => {
    const site = notifier(null, 700);
    site.n.afterCharge(1, 700);
    await site.n.idle();
    expect(site.seen.forks).toBe(0);
    const never = notifier(0);
    never.n.afterCharge(1, 0);
    await never.n.idle();
    expect(never.seen.forks).toBe(0);
  });

  it('does nothing without a known balance', async () => {
    const { n, seen } = notifier(5000);
    n.afterCharge(1, undefined);
    await n.idle();
    expect(seen.cacheReads + seen.peeks).toBe(0);
  });

  it('below the threshold it goes to the database (and a failure there is logged, not thrown)', async () => {
    const logged: string[] = [];
    const { n, seen } = notifier(5000);
    (n as unknown as { log: (m: string) => void }).log = (m) => logged.push(m);
    expect(() => n.afterCharge(7, 4999)).not.toThrow();
    await n.idle();
    expect(seen.forks).toBe(1);
    expect(logged).toEqual(['quota warning for user 7 failed: no database on this path']);
  });
});

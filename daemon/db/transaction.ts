// Database transactions without AsyncLocalStorage. MikroORM's em.transactional() keeps its fork in an
// AsyncLocalStorage; on Node 20 the first such call installs promise hooks for the rest of the process, and every
// promise of every relayed call then pays for them (~9% of the relay's allocations, measured by `npm run bench`).
// This runs the callback on a fork bound to a connection-level transaction instead (commit, rollback, a savepoint
// when `em` is already in a transaction). Code must use the `tx` it is given, and write with native calls
// (insert, nativeUpdate, query builders): em.flush() enters an AsyncLocalStorage too, so nothing is flushed here.
import type { EntityManager } from '@mikro-orm/knex';

export async function inTransaction<T>(em: EntityManager, cb: (tx: EntityManager) => Promise<T>): Promise<T> {
  const outer = em.getTransactionContext();
  const fork = em.fork({ clear: false });
  return fork.getConnection('write').transactional(async (trx) => {
    fork.setTransactionContext(trx);
    return cb(fork);
  }, outer ? { ctx: outer } : {});
}

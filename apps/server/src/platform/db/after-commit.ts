import { Kysely, type Transaction, type TransactionBuilder } from 'kysely';

type Hook = () => void;
const pending = new WeakMap<object, Hook[]>();

/**
 * Kysely whose `db.transaction().execute(...)` runs the hooks registered with `afterCommit` once the
 * transaction has committed (and drops them on rollback). Read caches use it: a cache may only be
 * told "this changed" when a fresh read would see the change, or it could store the old value again.
 */
export class HookedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return withHooks(super.transaction());
  }
}

function withHooks<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
          const hooks: Hook[] = [];
          const result = await target.execute((trx) => {
            pending.set(trx, hooks);
            return callback(trx);
          });
          for (const hook of hooks) hook();
          return result;
        };
      }
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      // setAccessMode and setIsolationLevel return a new builder, which must keep the hooks too.
      return (...args: unknown[]) => withHooks(value.apply(target, args) as TransactionBuilder<DB>);
    },
  });
}

/**
 * Runs `hook` after the transaction `db` belongs to commits, or at once when `db` is not a
 * transaction (its statements have committed already). A transaction this module did not open
 * (a hand-made Kysely, a controlled transaction) is a programming error: the hook would run too early.
 */
export function afterCommit(db: { readonly isTransaction: boolean }, hook: Hook): void {
  const hooks = pending.get(db);
  if (hooks) hooks.push(hook);
  else if (db.isTransaction) throw new Error('afterCommit: the transaction was not opened through openDatabase');
  else hook();
}

import { refusePuts, wrapTransactions } from '../../support/wrap-transactions.js';

/**
 * An IDBFactory over `factory` whose connections refuse every `put`/`add` with `QuotaExceededError` while
 * `control.full` is set, and still commit deletions and clears: what a full disk does to every database of an
 * origin at once (the catalogue's and its first answers' alike).
 */
export function fullDiskFactory(factory: IDBFactory): { factory: IDBFactory; control: { full: boolean } } {
  const control = { full: false };
  return { factory: wrapTransactions(factory, (open) => refusePuts(open(), () => control.full)), control };
}

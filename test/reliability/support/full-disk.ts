/**
 * An IDBFactory over `factory` whose connections refuse every `put`/`add` with `QuotaExceededError` while
 * `control.full` is set, and still commit deletions and clears: what a full disk does to every database of an
 * origin at once (the catalogue's and its first answers' alike).
 */
export function fullDiskFactory(factory: IDBFactory): { factory: IDBFactory; control: { full: boolean } } {
  const control = { full: false };
  const fill = (tx: IDBTransaction) => {
    const objectStore = tx.objectStore.bind(tx);
    tx.objectStore = (name: string) => {
      const store = objectStore(name);
      for (const method of ['put', 'add'] as const) {
        const original = store[method].bind(store);
        store[method] = ((...args: Parameters<IDBObjectStore['put']>) => {
          if (control.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return original(...args);
        }) as IDBObjectStore['put'];
      }
      return store;
    };
    return tx;
  };
  const wrapped = {
    open(name: string, version?: number) {
      const request = factory.open(name, version);
      request.addEventListener('success', () => {
        const db = request.result;
        const transaction = db.transaction.bind(db);
        db.transaction = ((stores: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) =>
          fill(transaction(stores, mode, options))) as IDBDatabase['transaction'];
      });
      return request;
    },
    deleteDatabase: (name: string) => factory.deleteDatabase(name),
    databases: () => factory.databases(),
    cmp: (a: unknown, b: unknown) => factory.cmp(a, b),
  } as IDBFactory;
  return { factory: wrapped, control };
}

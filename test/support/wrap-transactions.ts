/**
 * An IDBFactory over `factory` whose connections hand every transaction they open through `wrap` (with its mode):
 * how tests count transactions or make a disk refuse writes without touching the library.
 */
export function wrapTransactions(
  factory: IDBFactory,
  wrap: (open: () => IDBTransaction, mode: IDBTransactionMode) => IDBTransaction,
): IDBFactory {
  return {
    open(name: string, version?: number) {
      const request = factory.open(name, version);
      request.addEventListener('success', () => {
        const db = request.result;
        const transaction = db.transaction.bind(db);
        db.transaction = ((stores: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) =>
          wrap(() => transaction(stores, mode, options), mode ?? 'readonly')) as IDBDatabase['transaction'];
      });
      return request;
    },
    deleteDatabase: (name: string) => factory.deleteDatabase(name),
    databases: () => factory.databases(),
    cmp: (a: unknown, b: unknown) => factory.cmp(a, b),
  } as IDBFactory;
}

/** `tx` with every `put`/`add` of its stores refused with `QuotaExceededError` while `full()`: a full disk. */
export function refusePuts(tx: IDBTransaction, full: () => boolean): IDBTransaction {
  const objectStore = tx.objectStore.bind(tx);
  tx.objectStore = (name: string) => {
    const store = objectStore(name);
    for (const method of ['put', 'add'] as const) {
      const original = store[method].bind(store);
      store[method] = ((...args: Parameters<IDBObjectStore['put']>) => {
        if (full()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original(...args);
      }) as IDBObjectStore['put'];
    }
    return store;
  };
  return tx;
}

import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import type { BootDepsRow } from './boot-rows.js';
import { type ReadRef, readRef } from './read-ref.js';
import { storeMappings } from './store-mappings.js';

const BOOT_VIEWS = 'bootViews';
const BOOT_DEPS = 'bootDeps';

let viewTables: ReadonlySet<string> | undefined;

/** The tables a stored read can read (`planStoredRead`): only writes to these can make a boot row wrong. */
function isViewTable(table: string): boolean {
  if (!viewTables) {
    const tables = new Set<string>(['listPages', 'watchlistPages', 'syncMeta']);
    for (const mapping of Object.values(storeMappings)) for (const name of mapping.tables) tables.add(name);
    viewTables = tables;
  }
  return viewTables.has(table);
}

/** What one write transaction knows of the boot rows: which boot keys each ref (or table) feeds, once read. */
interface TransactionBoot {
  loaded: { readonly byRef: Map<ReadRef, Set<string>>; readonly byTable: Map<string, Set<string>> } | undefined;
  /** Writes made before `bootDeps` was read: checked when it is. */
  readonly waiting: Written[];
}

/** One write: its table and request (keys are worked out only when there are boot rows to check). */
type Written = { readonly table: DBCoreTable; readonly req: DBCoreMutateRequest; readonly results?: unknown[] };

/**
 * Keeps the boot store exact: in the same transaction as any write to a table views read, it deletes the boot
 * rows built from a written row (a `deleteRange`, e.g. a clear or an eviction, counts for the whole table). A
 * boot row that exists is therefore as current as the rows under it, so a new page may show it without a check.
 *
 * It widens each readwrite transaction over those tables with the two boot tables and, at the transaction's
 * first write, reads `bootDeps` (a few small rows). The write itself never waits for that read: its keys are
 * noted and checked when the read answers, and any boot row to delete is deleted by requests of the same
 * transaction (issued from the read's callback, or at once for later writes), which cannot commit before they
 * are done (Dexie's early `commit()` waits for the read); a failed one aborts it. It costs a write transaction
 * one request (~4 % of a page's write on fake-indexeddb, where each request is a macrotask; nothing measurable
 * in Chromium). Upgrade transactions are covered when the boot tables already exist.
 */
export const bootInvalidation: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'boot-invalidation',
  create(down) {
    const widened = new WeakSet<DBCoreTransaction>();
    const perTransaction = new WeakMap<DBCoreTransaction, TransactionBoot>();

    const covers = (trans: DBCoreTransaction): boolean => {
      if (widened.has(trans)) return true;
      const native = trans as unknown as Partial<IDBTransaction>;
      return native.mode === 'versionchange' && native.objectStoreNames?.contains(BOOT_DEPS) === true;
    };

    const check = (native: IDBTransaction, boot: TransactionBoot, { table, req, results }: Written) => {
      const loaded = boot.loaded;
      if (!loaded?.byTable.has(table.name)) return;
      const stale = new Set<string>();
      if (req.type === 'deleteRange') {
        for (const key of loaded.byTable.get(table.name) ?? []) stale.add(key);
      } else {
        const extract = table.schema.primaryKey.extractKey;
        const keys =
          req.type === 'delete' ? req.keys : (req.keys ?? results ?? (extract ? req.values.map(extract) : []));
        for (const key of keys) {
          for (const bootKey of loaded.byRef.get(readRef(table.name, key as never)) ?? []) stale.add(bootKey);
        }
      }
      if (stale.size === 0) return;
      for (const index of [loaded.byRef, loaded.byTable]) {
        for (const [ref, bootKeys] of index) {
          for (const key of stale) bootKeys.delete(key);
          if (bootKeys.size === 0) index.delete(ref);
        }
      }
      const views = native.objectStore(BOOT_VIEWS);
      const deps = native.objectStore(BOOT_DEPS);
      for (const key of stale) {
        views.delete(key);
        deps.delete(key);
      }
    };

    const note = (trans: DBCoreTransaction, written: Written) => {
      const native = trans as unknown as IDBTransaction;
      const known = perTransaction.get(trans);
      if (known) {
        if (known.loaded) check(native, known, written);
        else known.waiting.push(written);
        return;
      }
      const created: TransactionBoot = { loaded: undefined, waiting: [written] };
      perTransaction.set(trans, created);
      const request = native.objectStore(BOOT_DEPS).getAll();
      request.onsuccess = () => {
        const byRef = new Map<ReadRef, Set<string>>();
        const byTable = new Map<string, Set<string>>();
        for (const row of request.result as BootDepsRow[]) {
          for (const ref of row.deps) {
            add(byRef, ref, row.key);
            add(byTable, ref.slice(0, ref.indexOf('/')), row.key);
          }
        }
        created.loaded = { byRef, byTable };
        for (const earlier of created.waiting.splice(0)) check(native, created, earlier);
      };
    };

    /** Wrapped once per table: Dexie asks for a table on every operation. */
    const tables = new Map<string, DBCoreTable>();

    return {
      ...down,
      transaction(stores, mode, options) {
        if (mode !== 'readwrite' || !stores.some(isViewTable)) return down.transaction(stores, mode, options);
        const wider = stores.includes(BOOT_DEPS) ? stores : [...stores, BOOT_VIEWS, BOOT_DEPS];
        const trans = down.transaction(wider, mode, options);
        widened.add(trans);
        const native = trans as unknown as IDBTransaction;
        const commit = native.commit;
        if (typeof commit === 'function') {
          // Dexie commits a one-operation transaction as soon as its operation resolves, and a commit refuses
          // later requests: a boot row found stale after it could not be deleted. While `bootDeps` is still
          // being read, the transaction is left to commit by itself, once its last request is done.
          Object.defineProperty(native, 'commit', {
            configurable: true,
            value: () => {
              const boot = perTransaction.get(trans);
              if (!boot || boot.loaded) commit.call(native);
            },
          });
        }
        return trans;
      },
      table(name) {
        const table = down.table(name);
        if (!isViewTable(name)) return table;
        let wrapped = tables.get(name);
        if (!wrapped) {
          wrapped = {
            ...table,
            mutate(req) {
              if (!covers(req.trans)) return table.mutate(req);
              const response = table.mutate(req);
              // A key only known once written (an auto-incremented table): noted from the results.
              const keysLater = req.type !== 'delete' && req.type !== 'deleteRange' && !req.keys;
              if (!keysLater || table.schema.primaryKey.extractKey) {
                note(req.trans, { table, req });
                return response;
              }
              return response.then((done) => {
                note(req.trans, { table, req, results: done.results ?? [] });
                return done;
              });
            },
          };
          tables.set(name, wrapped);
        }
        return wrapped;
      },
    };
  },
};

function add(index: Map<string, Set<string>>, key: string, bootKey: string): void {
  let keys = index.get(key);
  if (!keys) {
    keys = new Set();
    index.set(key, keys);
  }
  keys.add(bootKey);
}

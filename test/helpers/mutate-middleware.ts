import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, Dexie, Middleware } from 'dexie';

/** What a test does with one `mutate` request: look at it, fail it, or pass it on with `next`. */
export type MutateHook = (
  request: DBCoreMutateRequest,
  table: string,
  next: (request: DBCoreMutateRequest) => Promise<DBCoreMutateResponse>,
) => Promise<DBCoreMutateResponse>;

/**
 * A DBCore middleware that routes every `mutate` (put, add, delete, deleteRange) of every table through `hook`:
 * below the library's own code, so a write the library's bookkeeping misses is still seen. The one shape behind
 * the tests' write counters and injected failures (quota, a failing put, a crash mid-transaction).
 */
export function mutateMiddleware(name: string, hook: MutateHook): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name,
    create: (down) => ({
      ...down,
      table: (tableName) => {
        const table = down.table(tableName);
        return { ...table, mutate: (request) => hook(request, tableName, (next) => table.mutate(next)) };
      },
    }),
  };
}

/** Installs `mutateMiddleware(name, hook)` on `db`; DBCore middleware must be added before the database opens. */
export function interceptMutations(db: Dexie, name: string, hook: MutateHook): void {
  db.use(mutateMiddleware(name, hook));
}

import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { isStoredOperation } from '../store/mappings/store-mappings.js';
import { readRef } from '../store/read-ref.js';
import type { WriteResult } from '../store/records/write-response.js';
import type { ProgressEvent } from './catalogue-events.js';
import type { CatalogueParams } from './prepare-call.js';
import type { PullOperation, PullOptions, RefreshOptions, RefreshResult } from './pull-options.js';

export interface RevalidateStaleDeps {
  readonly db: CatalogueDatabase;
  readonly now: number;
  /** The current user's scope: only their per-user entries are revalidated (another's need their credentials). */
  readonly userScope: string | undefined;
  readonly pull: <O extends PullOperation>(
    operation: O,
    params: CatalogueParams<O>,
    options: PullOptions,
  ) => Promise<WriteResult>;
  readonly progress: (event: ProgressEvent) => void;
}

/** Revalidates what is stale, most recently read first, then soonest expired, within a request budget. */
export async function revalidateStale(deps: RevalidateStaleDeps, options: RefreshOptions = {}): Promise<RefreshResult> {
  const budget = options.budget ?? 100;
  if (!(Number.isInteger(budget) && budget >= 0)) throw new TypeError('refresh: budget must be an integer ≥ 0');
  const { db, now, userScope } = deps;
  const stale = (await db.syncMeta.where('expiresAt').belowOrEqual(now).toArray()).filter(
    (row) =>
      row.fetchedAt > 0 &&
      row.params !== undefined &&
      isStoredOperation(row.operation) &&
      (row.userScope === undefined || row.userScope === userScope),
  );
  const marks = await db.readMarks.bulkGet(stale.map((row) => readRef('syncMeta', row.requestKey)));
  const order = stale
    .map((row, i) => ({ row, readAt: marks[i]?.lastReadAt ?? Number.NEGATIVE_INFINITY }))
    .sort((a, b) => b.readAt - a.readAt || a.row.expiresAt - b.row.expiresAt);
  const chosen = order.slice(0, budget);
  const pullOptions = { priority: options.priority ?? 'background', signal: options.signal } as const;
  const total = chosen.length;
  let done = 0;
  const outcomes = await Promise.all(
    chosen.map(async ({ row }) => {
      const operation = row.operation as PullOperation;
      try {
        const result = await deps.pull(operation, row.params as CatalogueParams<typeof operation>, pullOptions);
        return result.outcome;
      } catch {
        return 'failed' as const;
      } finally {
        done += 1;
        deps.progress({ operation, done, total });
      }
    }),
  );
  return {
    updated: outcomes.filter((o) => o === 'stored').length,
    unchanged: outcomes.filter((o) => o === 'not-modified').length,
    failed: outcomes.filter((o) => o === 'failed').length,
    remaining: order.length - chosen.length,
  };
}

import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { SyncMetaRow } from '../tables/rows.js';
import { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';

/** The freshness row of a request key (see `storeRequestKey`), or undefined when it was never fetched. */
export function readSyncMeta(db: CatalogueDatabase, requestKey: string): Promise<SyncMetaRow | undefined> {
  return db.syncMeta.get(requestKey);
}

export interface RecordSyncErrorInput {
  readonly requestKey: string;
  readonly operation: string;
  readonly userScope?: string;
  /** The call's credential-free parameters, kept so the call can be repeated. */
  readonly params?: Record<string, unknown>;
  readonly error: { readonly name: string; readonly message: string };
  readonly now: number;
}

/**
 * Notes a failed fetch on the request key's freshness row; data and freshness stay as they were. A key never
 * fetched gets a row with `fetchedAt` and `expiresAt` 0 (so it stays missing to the freshness policy).
 */
export async function recordSyncError(db: CatalogueDatabase, input: RecordSyncErrorInput): Promise<void> {
  const lastError = { name: input.error.name, message: input.error.message, at: input.now };
  await writeThrough(db, WritePlan.rows(db.syncMeta.name, [input.requestKey]), async () => {
    const stored = await db.syncMeta.get(input.requestKey);
    const base: SyncMetaRow = stored ?? {
      requestKey: input.requestKey,
      operation: input.operation,
      fetchedAt: 0,
      expiresAt: 0,
      ...(input.userScope === undefined ? {} : { userScope: input.userScope }),
      ...(input.params === undefined ? {} : { params: input.params }),
    };
    await db.syncMeta.put({ ...base, lastError });
  });
}

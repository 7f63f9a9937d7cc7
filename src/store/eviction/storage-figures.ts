import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { DATA_KINDS, type DataKind } from '../tables/data-kinds.js';

/** What one kind of data takes: rows, and the JSON length of their values (what IndexedDB stores, roughly). */
export interface KindFigures {
  readonly rows: number;
  readonly bytes: number;
}

/** Rows and bytes by kind and by table, in one read transaction. Reads every row: a diagnostic, not a hot path. */
export async function storageFigures(
  db: CatalogueDatabase,
): Promise<{ byKind: Record<DataKind, KindFigures>; byTable: Record<string, KindFigures> }> {
  const kinds = Object.entries(DATA_KINDS) as [DataKind, readonly string[]][];
  const names = kinds.flatMap(([, tables]) => tables);
  const byTable: Record<string, KindFigures> = {};
  await db.transaction(
    'r',
    names.map((name) => db.table(name)),
    async () => {
      for (const name of names) {
        let bytes = 0;
        let rows = 0;
        await db.table(name).each((row) => {
          rows += 1;
          bytes += JSON.stringify(row).length;
        });
        byTable[name] = { rows, bytes };
      }
    },
  );
  const byKind = Object.fromEntries(
    kinds.map(([kind, tables]) => [
      kind,
      tables.reduce(
        (sum, name) => ({
          rows: sum.rows + (byTable[name]?.rows ?? 0),
          bytes: sum.bytes + (byTable[name]?.bytes ?? 0),
        }),
        { rows: 0, bytes: 0 },
      ),
    ]),
  ) as Record<DataKind, KindFigures>;
  return { byKind, byTable };
}

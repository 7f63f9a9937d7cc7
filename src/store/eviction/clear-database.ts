import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';

/**
 * Empties every table of the catalogue's database in one transaction (the schema stays), and the first answers
 * with them. Apart from the database's class, which the write gate imports: the gate opens every readwrite
 * transaction, so the class cannot without an import circle.
 */
export async function clearDatabase(db: CatalogueDatabase): Promise<void> {
  const tables = db.tables;
  await writeThrough(
    db,
    WritePlan.wholeTables(tables.map((table) => table.name)),
    () => Promise.all(tables.map((table) => table.clear())),
    { onFullDisk: 'fail' },
  );
}

import type { CatalogueDatabase } from '../../src/store/database/catalogue-database.js';

/** Every row of every table of a database, as JSON text, with the table's name: what a scan for secrets reads. */
export async function dumpDatabase(db: CatalogueDatabase): Promise<{ table: string; text: string }[]> {
  if (!db.isOpen()) await db.open();
  const out: { table: string; text: string }[] = [];
  for (const table of db.tables) {
    for (const row of await table.toArray()) out.push({ table: table.name, text: JSON.stringify(row) });
  }
  return out;
}

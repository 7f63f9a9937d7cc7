import type { CatalogueDatabase } from './store/database/catalogue-database.js';

/**
 * The Dexie database behind each catalogue (and behind its core), for tests and benchmarks that inspect the store.
 * Its own small module: the front door links a catalogue to its core's database without importing the core.
 */
const databases = new WeakMap<object, CatalogueDatabase>();

export function registerDatabase(catalogue: object, db: CatalogueDatabase): void {
  databases.set(catalogue, db);
}

/** `catalogue` has the database of `core` (the front door, once its core has arrived). */
export function shareDatabase(core: object, catalogue: object): void {
  const db = databases.get(core);
  if (db) databases.set(catalogue, db);
}

/**
 * The Dexie database of a catalogue. Not public (`src/index.ts` does not export it): a user reads through views,
 * and writes belong to the engine. Throws before the catalogue's core has loaded (main entry): there is none yet.
 */
export function databaseOf(catalogue: object): CatalogueDatabase {
  const db = databases.get(catalogue);
  if (!db) throw new TypeError('databaseOf: not a catalogue made by createCatalogue, or its core has not loaded');
  return db;
}

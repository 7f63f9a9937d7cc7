import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';

/** Whether the catalogue's core (and so its database) has arrived: `databaseOf` throws until it has. */
export function hasCore(catalogue: Catalogue): boolean {
  try {
    databaseOf(catalogue);
    return true;
  } catch {
    return false;
  }
}

/**
 * Version 10 (lighter writes): the record tables keep their primary key only. Their secondary indexes (sort and
 * filter columns of version 1) serve no query — local discover and search read the whole table and filter in
 * memory — yet every put computed and stored their keys on the writing thread, and Dexie tracked and broadcast a
 * changed range per index per record. Only changed tables are listed.
 */
export const version10Stores = {
  movies: 'id',
  tvSeries: 'id',
  people: 'id',
} as const;

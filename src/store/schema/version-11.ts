/**
 * Version 11 (details): the answers of the detail operations, one row per movie, series or person, keyed by its id
 * and replaced whole by a newer answer. Only new tables are listed.
 */
export const version11Stores = {
  movieDetails: 'id',
  tvSeriesDetails: 'id',
  personDetails: 'id',
} as const;

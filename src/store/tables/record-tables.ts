import type { IndexableType } from 'dexie';
import type * as z from 'zod/mini';
import { episode } from '../../api/schemas/build/episode.js';
import { movieSummary } from '../../api/schemas/build/movie-summary.js';
import { personSummary } from '../../api/schemas/build/person-summary.js';
import { schemaOf } from '../../api/schemas/build/schema-of.js';
import { tvSeriesSummary } from '../../api/schemas/build/tv-series-summary.js';

/**
 * The tables a mapping writes records into, with how each row's key is read and how an incoming row
 * combines with the stored one.
 */
export type RecordTableName =
  | 'movies'
  | 'tvSeries'
  | 'people'
  | 'episodes'
  | 'seasons'
  | 'personExternalIds'
  | 'personTranslations'
  | 'taggedImages'
  | 'movieVideos'
  | 'movieDetails'
  | 'tvSeriesDetails'
  | 'personDetails'
  | 'configuration'
  | 'episodeChanges'
  | 'tvAccountStates'
  | 'episodeAccountStates'
  | 'lists';

type Row = Record<string, unknown>;

/** `replace`: the response is the whole record. `merge`: fields from other responses survive. */
export type MergeRule = 'replace' | ((stored: Row, incoming: Row) => Row);

/** Shallow merge that lets every field the incoming row has win and keeps every field it lacks. */
export function mergeFields(stored: Row, incoming: Row): Row {
  const merged: Row = { ...stored };
  for (const key in incoming) {
    const value = incoming[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** A season row merges its sub-resources; image variants merge one level deeper. */
function mergeSeason(stored: Row, incoming: Row): Row {
  const merged = mergeFields(stored, incoming);
  if (stored.images !== undefined && incoming.images !== undefined) {
    merged.images = { ...(stored.images as Row), ...(incoming.images as Row) };
  }
  return merged;
}

export interface RecordTableSpec {
  readonly key: (row: Row) => IndexableType;
  readonly merge: MergeRule;
  /**
   * Every field any mapping writes into the table. An incoming row that has all of them would win every field
   * of a merge, so it is put without reading the stored row first: reads are most of the cost of a merge
   * (TOOLCHAIN: requests, not bytes, are the cost). A mapping that writes other fields into the table (series
   * details, say) must add its schema here, or the fast path would drop them. Listed on the table's first write, so
   * loading the store builds no response schema (a page builds those of the operations it validates).
   */
  readonly fields?: () => readonly string[];
}

/** The fields of a record schema, without the presentation-only `media_type`. */
function fieldsOf(schema: () => z.ZodMiniObject): () => readonly string[] {
  return schemaOf(() => {
    const fields = new Set(Object.keys(schema().shape));
    fields.delete('media_type');
    // An array, not the set: this is checked for every incoming row, and indexed loops are the cheapest.
    return [...fields];
  });
}

/** Whether a row carries every field the table can hold (so a merge could keep nothing from the stored row). */
export function isCompleteRow(spec: RecordTableSpec, row: Row): boolean {
  const fields = spec.fields?.();
  if (!fields) return false;
  for (let i = 0; i < fields.length; i++) if (row[fields[i] as string] === undefined) return false;
  return true;
}

const byId = (row: Row) => row.id as number;

export const recordTables: Readonly<Record<RecordTableName, RecordTableSpec>> = {
  movies: { key: byId, merge: mergeFields, fields: fieldsOf(movieSummary) },
  tvSeries: { key: byId, merge: mergeFields, fields: fieldsOf(tvSeriesSummary) },
  people: { key: byId, merge: mergeFields, fields: fieldsOf(personSummary) },
  episodes: { key: byId, merge: mergeFields, fields: fieldsOf(episode) },
  seasons: { key: (row) => [row.series_id as number, row.season_number as number], merge: mergeSeason },
  personExternalIds: { key: byId, merge: 'replace' },
  personTranslations: { key: byId, merge: 'replace' },
  taggedImages: { key: (row) => row.id as string, merge: 'replace' },
  movieVideos: { key: byId, merge: 'replace' },
  movieDetails: { key: byId, merge: 'replace' },
  tvSeriesDetails: { key: byId, merge: 'replace' },
  personDetails: { key: byId, merge: 'replace' },
  configuration: { key: (row) => row.key as string, merge: 'replace' },
  episodeChanges: { key: (row) => row.requestKey as string, merge: 'replace' },
  tvAccountStates: { key: (row) => [row.userScope as string, row.series_id as number], merge: 'replace' },
  episodeAccountStates: {
    key: (row) => [
      row.userScope as string,
      row.series_id as number,
      row.season_number as number,
      row.episode_number as number,
    ],
    merge: 'replace',
  },
  lists: { key: (row) => row.list_id as number, merge: 'replace' },
};

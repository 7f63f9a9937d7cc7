import type {
  AccountState,
  Configuration,
  Episode,
  EpisodeChanges,
  KnownForItem,
  MovieDetails,
  MovieVideos,
  PersonDetails,
  PersonExternalIds,
  PersonSummary,
  PersonTranslations,
  SeasonCredits,
  SeasonDetails,
  SeasonImages,
  TaggedImage,
  TvSeriesDetails,
} from '../../api/index.js';

/**
 * Row shapes of the store, derived from the API schemas' output types. Records are stored without the
 * per-list presentation field `media_type` (each reader adds it back), and with the fields that some
 * responses leave out (a `known_for` item has no `popularity`) optional, so that a merge keeps what any
 * response brought.
 */

type KnownForMovie = Extract<KnownForItem, { media_type: 'movie' }>;
type KnownForTv = Extract<KnownForItem, { media_type: 'tv' }>;

/** A movie: the union of every field any response brought (merged), keyed by `id`. */
export type MovieRow = Omit<KnownForMovie, 'media_type'> & Record<string, unknown>;
/** A TV series, merged the same way. */
export type TvSeriesRow = Omit<KnownForTv, 'media_type'> & Record<string, unknown>;
/** An episode (from tagged images; later from season details and change feeds). */
export type EpisodeRow = Omit<Episode, 'media_type'> & Record<string, unknown>;

/** A `known_for` entry stored on the person: the work itself lives in `movies` or `tvSeries`. */
export interface KnownForRef {
  readonly media_type: 'movie' | 'tv';
  readonly id: number;
}
export type PersonRow = Omit<PersonSummary, 'known_for'> & { known_for: KnownForRef[] } & Record<string, unknown>;

/** A season: its details, credits and images, merged into one row by `[series_id+season_number]`. */
export interface SeasonRow {
  series_id: number;
  season_number: number;
  /** Season details without their episodes, which live in `episodes` (listed here by id, in served order). */
  details?: Omit<SeasonDetails, 'episodes'> & { episode_ids: number[] };
  credits?: SeasonCredits;
  /** Keyed by the image-language variant of the request (`''` when none was given). */
  images?: Record<string, SeasonImages>;
}

export interface ConfigurationRow extends Configuration {
  key: 'configuration';
}

export type PersonExternalIdsRow = PersonExternalIds;
export type PersonTranslationsRow = PersonTranslations;
export type MovieVideosRow = MovieVideos;
/** The detail answers, stored whole (their appended credits and videos inside), one row per record id. */
export type MovieDetailsRow = MovieDetails;
export type TvSeriesDetailsRow = TvSeriesDetails;
export type PersonDetailsRow = PersonDetails;

export interface EpisodeChangesRow extends EpisodeChanges {
  requestKey: string;
  episode_id: number;
}

/** A tagged image without its media: `media_id` points into the table `media_type` names. */
export type TaggedImageRow = Omit<TaggedImage, 'media'> & {
  media_id: number;
  /** The `media_type` the embedded media object itself carried, when it carried one (presentation only). */
  media_inner_type?: string;
};

/** One requested page of one list, with ids in served order. */
export interface ListPageRow {
  listKey: string;
  /** The page requested (the key), which is not always the page the response claims. */
  page: number;
  operation: string;
  ids: (number | string)[];
  total_pages: number;
  total_results: number;
  fetchedAt: number;
  /** The `page` the response claimed, when it differs from the requested one (tagged images answer 0). */
  servedPage?: number;
  /** Envelope fields beyond the standard four (tagged images carry the person's `id`). */
  extra?: Record<string, unknown>;
  /** Presentation fields of single items that the operation does not add back by itself, by index. */
  itemExtras?: Record<number, Record<string, unknown>>;
}

export interface WatchlistPageRow extends ListPageRow {
  userScope: string;
  /**
   * Items a pending or confirmed change put on the list that no stored page can show (their record is not stored,
   * or their place is on a page not stored): counted in the totals, known members, not listed. Only on the list's
   * lowest stored page, and only while the page is the service's answer with changes applied (a new answer has none).
   */
  unlisted?: { id: number | string; extras?: Record<string, unknown> }[];
}

export interface SyncError {
  name: string;
  message: string;
  at: number;
}

/** Freshness of one request key. */
export interface SyncMetaRow {
  requestKey: string;
  operation: string;
  /** The call's canonical parameters, credential-free: what the engine needs to repeat the call (refresh). */
  params?: Record<string, unknown>;
  userScope?: string;
  etag?: string;
  fetchedAt: number;
  expiresAt: number;
  /** Names the write that left this row (see `WriteResponseInput.writeId`). */
  writeId?: string;
  lastError?: SyncError;
}

export interface TvAccountStateRow extends AccountState {
  userScope: string;
  series_id: number;
}

export interface EpisodeAccountStateRow extends AccountState {
  userScope: string;
  series_id: number;
  season_number: number;
  episode_number: number;
}

/** A serialisable copy of one validation issue. */
export interface QuarantineIssue {
  code: string;
  path: string;
  message: string;
}

export interface QuarantineRow {
  id?: number;
  operation: string;
  requestKey: string;
  /** Dotted path of the first offending field. */
  path: string;
  issues: QuarantineIssue[];
  receivedAt: number;
}

export interface ReadMarkRow {
  /** `table/key`, see `readRef`. */
  ref: string;
  lastReadAt: number;
}

/**
 * One applied change of a tracked episode (v13), for "what's new": the fields it changed, when the service made it
 * (`at`) and when this store applied it (`appliedAt`). Catalogue data, not a user's: every user of the database sees
 * the same episodes change. Pruned after `NEWS_RETENTION_MS` (`episode-news.ts`).
 */
export interface EpisodeNewsRow {
  episode_id: number;
  /** The change's time on the service (clock ms). */
  at: number;
  series_id: number;
  season_number: number;
  episode_number: number;
  /** The episode's fields the change touched (`name`, `air_date`, `still_path` for a new still, …). */
  fields: string[];
  /** When the change was applied here (clock ms): what a "since" compares with. */
  appliedAt: number;
}

/**
 * A tracked episode's change-feed cursor: when its stored row was last known current (`checkedAt`, clock ms), and
 * the ids of change items applied near that time (see `CURSOR_OVERLAP_MS`), so a feed applied twice changes nothing.
 */
export interface EpisodeCursorRow {
  episode_id: number;
  series_id: number;
  season_number: number;
  episode_number: number;
  checkedAt: number;
  applied: { id: string; time: number }[];
}

/** One stored browse response's bytes in the size ledger (`size-ledger.ts` says how it is kept). */
export interface SizeLedgerRow {
  requestKey: string;
  bytes: number;
}

/** One episode's news since a time: what changed in it, or that it aired. */
export interface NewEpisode {
  /** The episode's id (`/3/tv/episode/{id}`). */
  readonly episode_id: number;
  /** Where it sits in its series: S`season_number` E`episode_number`. */
  readonly season_number: number;
  readonly episode_number: number;
  /** The stored episode's name (its latest), or undefined when the episode's row is no longer stored. */
  readonly name: string | undefined;
  /** The stored episode's air date (`YYYY-MM-DD`), as served. */
  readonly air_date: string | null | undefined;
  /** The episode's fields that changes applied since then touched (`name`, `air_date`, `still_path`, …), sorted. */
  readonly changed: readonly string[];
  /** Whether its `air_date` falls after `since`, up to now. */
  readonly aired: boolean;
  /** The newest of: the last change applied, the air date's start (UTC): what orders the news, newest first. */
  readonly at: number;
}

/** One series' news: its new episodes, newest first. */
export interface SeriesNews {
  /** The series' id, one of those asked for. */
  readonly series_id: number;
  /** The series' stored name, or undefined when only its episodes are stored. */
  readonly name: string | undefined;
  /** Its new episodes, newest first (never empty). */
  readonly episodes: readonly NewEpisode[];
}

/** Options of `news.follow`. */
export interface FollowOptions {
  /**
   * The most requests one call sends (series details where not stored, then the latest season's details); the
   * series it does not reach are returned as `remaining`, for a later call.
   * @default 10
   */
  maxRequests?: number;
  /** Stops following: the call rejects with the signal's reason; what was fetched stays. */
  signal?: AbortSignal;
}

/** What `news.follow` did. */
export interface FollowResult {
  /** Series whose latest season is now tracked (their episodes' change feeds are polled by `refreshChanges`). */
  readonly followed: readonly number[];
  /** Series left for a later call by `maxRequests`. */
  readonly remaining: readonly number[];
  /** Series that could not be followed (unknown to the service, or no answer), with the error. */
  readonly failed: readonly { readonly series_id: number; readonly error: unknown }[];
  /** Requests sent. */
  readonly requests: number;
}

/**
 * `catalogue.news`: "what's new" for a set of series, from the change feeds the library applies and the air dates
 * it stores. It reads the store only, so it answers offline from what the last sync brought.
 */
export interface CatalogueNews {
  /**
   * Keeps the LATEST season of each series tracked: its season details are fetched (background priority, within
   * the rate budget) unless already stored with their episodes, which costs nothing. Series details are fetched
   * first where not stored (they say which season is the latest).
   */
  follow(seriesIds: readonly number[], options?: FollowOptions): Promise<FollowResult>;
  /**
   * For each series, the stored episodes whose changes were applied after `since` (clock ms), or whose `air_date`
   * falls in (since, now], newest first; series with nothing new are left out; series ordered by their newest.
   */
  since(since: number, seriesIds: readonly number[]): Promise<SeriesNews[]>;
}

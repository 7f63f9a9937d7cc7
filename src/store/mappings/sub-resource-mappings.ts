import type { ResponseOf } from '../../api/index.js';
import type { ConfigurationRow, EpisodeChangesRow } from '../tables/rows.js';
import type { ResourceMapping } from './store-mapping.js';

/**
 * Sub-resources stored whole, one row per owner: the response is the complete record, so a newer one
 * replaces it (no merge). Their `id` is the owner's id, which the request names.
 */

export const movieVideosMapping: ResourceMapping<'movieVideos'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['movieVideos'],
  toRows: (data: ResponseOf<'movieVideos'>) => ({ records: [{ table: 'movieVideos', rows: [data] }] }),
  read: (context) => context.record('movieVideos', context.params.movie_id),
};

export const personExternalIdsMapping: ResourceMapping<'personExternalIds'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['personExternalIds'],
  toRows: (data: ResponseOf<'personExternalIds'>) => ({ records: [{ table: 'personExternalIds', rows: [data] }] }),
  read: (context) => context.record('personExternalIds', context.params.person_id),
};

export const personTranslationsMapping: ResourceMapping<'personTranslations'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['personTranslations'],
  toRows: (data: ResponseOf<'personTranslations'>) => ({ records: [{ table: 'personTranslations', rows: [data] }] }),
  read: (context) => context.record('personTranslations', context.params.person_id),
};

/**
 * The detail answers: each is the whole record as its screen shows it, appended sub-resources inside, so a newer
 * one replaces it. The summaries in lists stay in their own tables: a detail answer lacks some of their fields
 * (`genre_ids`), and a list's answer must never be rebuilt from a detail's.
 */
export const movieDetailsMapping: ResourceMapping<'movieDetails'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['movieDetails'],
  toRows: (data: ResponseOf<'movieDetails'>) => ({ records: [{ table: 'movieDetails', rows: [data] }] }),
  read: (context) => context.record('movieDetails', context.params.movie_id),
};

export const tvSeriesDetailsMapping: ResourceMapping<'tvSeriesDetails'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['tvSeriesDetails'],
  toRows: (data: ResponseOf<'tvSeriesDetails'>) => ({ records: [{ table: 'tvSeriesDetails', rows: [data] }] }),
  read: (context) => context.record('tvSeriesDetails', context.params.series_id),
};

export const personDetailsMapping: ResourceMapping<'personDetails'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['personDetails'],
  toRows: (data: ResponseOf<'personDetails'>) => ({ records: [{ table: 'personDetails', rows: [data] }] }),
  read: (context) => context.record('personDetails', context.params.person_id),
};

/** The one configuration row of the database (its language is the database's). */
export const configurationMapping: ResourceMapping<'configuration'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['configuration'],
  toRows(data: ResponseOf<'configuration'>) {
    const row: ConfigurationRow = { ...data, key: 'configuration' };
    return { records: [{ table: 'configuration', rows: [row as unknown as Record<string, unknown>] }] };
  },
  async read(context) {
    const row = await context.record<ConfigurationRow>('configuration', 'configuration');
    if (!row) return undefined;
    const { key: _key, ...configuration } = row;
    return configuration;
  },
};

/**
 * An episode's changes in one window: kept per request key (the window is part of it) until the engine
 * applies them as patches.
 */
export const episodeChangesMapping: ResourceMapping<'episodeChanges'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['episodeChanges'],
  toRows(data: ResponseOf<'episodeChanges'>, context) {
    const row: EpisodeChangesRow = { ...data, requestKey: context.requestKey, episode_id: context.params.episode_id };
    return { records: [{ table: 'episodeChanges', rows: [row as unknown as Record<string, unknown>] }] };
  },
  async read(context) {
    const row = await context.record<EpisodeChangesRow>('episodeChanges', context.requestKey);
    if (!row) return undefined;
    const { requestKey: _key, episode_id: _episode, ...changes } = row;
    return changes;
  },
};

import type { Catalogue } from './catalogue.js';
import { genresOf } from './genre-names.js';
import { KIND } from './kinds.js';
import { spokenLanguages } from './movie-details.js';
import { creatorsOf, productionOf } from './production.js';
import { networkOf, seasonDetailsOf } from './season-details.js';
import { seriesCore } from './series.js';
import { localizeEpisode, localizeSeries, seasonTranslation } from './translations.js';

/** The season `last_episode_to_air` and `/credits` speak of: the last regular one, else the specials. */
function latestSeasonOf<S extends { seasonNumber: number }>(shapes: readonly S[]): S {
  return shapes.filter((shape) => shape.seasonNumber > 0).at(-1) ?? (shapes.at(-1) as S);
}

/** The number of a series' latest season (see `latestSeasonOf`). */
export function latestSeasonNumber(cat: Catalogue, index: number): number {
  return latestSeasonOf(cat.seasons(index)).seasonNumber;
}

/**
 * `GET /3/tv/{series_id}` in the shape of OpenAPI `tv-series-details`: the series' summary fields (localized like
 * every list gives them) and its seasons as season details describe them (same names, overviews, posters and counts,
 * in `language` like the genres and the last episode); what `append_to_response` adds is added by the route.
 */
export function seriesDetailsOf(cat: Catalogue, index: number, language: string): Record<string, unknown> {
  const { genre_ids, media_type: _type, softcore: _softcore, ...summary } = cat.seriesSummary(index, false);
  const core = seriesCore(cat, index);
  const shapes = cat.seasons(index);
  const seasons = shapes.map((shape) => {
    const season = seasonDetailsOf(cat, index, shape);
    const text =
      language === 'en'
        ? { name: season.name, overview: season.overview }
        : seasonTranslation(cat, index, shape.seasonNumber, season.overview as string, language);
    return {
      air_date: season.air_date,
      episode_count: shape.episodeCount,
      id: season.id,
      name: text.name,
      overview: text.overview,
      poster_path: season.poster_path,
      season_number: shape.seasonNumber,
      vote_average: season.vote_average,
    };
  });
  const regular = shapes.filter((shape) => shape.seasonNumber > 0);
  const latest = latestSeasonOf(shapes);
  const { media_type: _episodeType, ...lastEpisode } = cat.episode(index, latest, latest.episodeCount);
  const details: Record<string, unknown> = {
    ...summary,
    created_by: creatorsOf(cat, index, regular[0]?.seasonNumber ?? latest.seasonNumber),
    episode_run_time: [],
    genres: genresOf(genre_ids as number[], language),
    homepage: '',
    in_production: core.airing,
    languages: [core.language],
    last_air_date: lastEpisode.air_date,
    last_episode_to_air: localizeEpisode(cat, index, latest, lastEpisode, language),
    next_episode_to_air: null,
    networks: [networkOf(cat, index)],
    number_of_episodes: regular.reduce((sum, shape) => sum + shape.episodeCount, 0),
    number_of_seasons: regular.length,
    ...productionOf(cat, KIND.seriesDetails, index, core.language),
    seasons,
    spoken_languages: spokenLanguages(core.language),
    status: core.airing ? 'Returning Series' : 'Ended',
    tagline: '',
    type: 'Scripted',
  };
  return localizeSeries(cat, details, language);
}

import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { recordRandom, round3 } from './random.js';
import { episodeId, type SeasonShape } from './scale.js';
import { isoDay, maybeImage, overview, title } from './text.js';

/** The fields of an episode that change feeds can report and `control` can mutate. */
export interface EpisodeFields {
  air_date: string;
  name: string;
  overview: string;
  production_code: string;
  runtime: number | null;
  still_path: string | null;
  vote_average: number;
  vote_count: number;
}

/** The episode as generated, before any mutation. */
export function generatedEpisodeFields(
  cat: Catalogue,
  seriesIndex: number,
  season: SeasonShape,
  episodeNumber: number,
): EpisodeFields {
  const rng = recordRandom(cat.seed, KIND.episode, seriesIndex, season.seasonNumber, episodeNumber);
  const voteCount = rng.chance(0.3) ? 0 : rng.int(1, 400);
  // Placeholder names are common in the real catalogue. (Drawn here, in the order the fields were always drawn.)
  const name = rng.chance(0.1) ? `Episode ${episodeNumber}` : title(rng);
  return {
    air_date: season.airDay === undefined ? '' : isoDay(season.airDay + (episodeNumber - 1) * 7),
    name,
    overview: rng.chance(0.15) ? '' : overview(rng),
    production_code: rng.chance(0.7) ? '' : `${season.seasonNumber}${String(episodeNumber).padStart(2, '0')}`,
    runtime: rng.chance(0.1) ? null : rng.int(20, 65),
    still_path: cat.imageLabels.note(maybeImage(rng, 0.15), name, 'wide'),
    vote_average: voteCount === 0 ? 0 : round3(4 + 6 * rng.next()),
    vote_count: voteCount,
  };
}

/** The episode object (as tagged images embed it), with the current mutations applied. */
export function episodeObject(
  cat: Catalogue,
  seriesIndex: number,
  season: SeasonShape,
  episodeNumber: number,
): Record<string, unknown> {
  const id = episodeId(seriesIndex, season.seasonNumber, episodeNumber);
  const fields = {
    ...generatedEpisodeFields(cat, seriesIndex, season, episodeNumber),
    ...cat.episodeOverrides.get(id),
  };
  return {
    id,
    name: fields.name,
    overview: fields.overview,
    media_type: 'tv_episode',
    vote_average: fields.vote_average,
    vote_count: fields.vote_count,
    air_date: fields.air_date,
    episode_number: episodeNumber,
    episode_type: episodeNumber === season.episodeCount ? 'finale' : 'standard',
    production_code: fields.production_code,
    runtime: fields.runtime,
    season_number: season.seasonNumber,
    show_id: cat.series.id(seriesIndex),
    still_path: fields.still_path,
  };
}

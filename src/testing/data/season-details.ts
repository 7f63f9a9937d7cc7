import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { recordRandom, round3 } from './random.js';
import { type SeasonShape, seasonId } from './scale.js';
import { seasonImages } from './seasons.js';
import { imageFilePath, isoDay, overview } from './text.js';

/** A small set of networks: every season of a series airs on the same one. */
const NETWORKS = [
  { id: 49, name: 'Northlight', origin_country: 'US' },
  { id: 213, name: 'Streamwell', origin_country: '' },
  { id: 4, name: 'BBC Two Fake', origin_country: 'GB' },
  { id: 1024, name: 'Kanal Süd', origin_country: 'DE' },
  { id: 318, name: 'Estrella TV', origin_country: 'ES' },
] as const;

/** The network a series airs on (its seasons' and its details' `networks`). */
export function networkOf(cat: Catalogue, seriesIndex: number) {
  const rng = recordRandom(cat.seed, KIND.seasonDetails, seriesIndex, -1);
  const network = rng.pick(NETWORKS);
  return { ...network, logo_path: rng.chance(0.2) ? null : imageFilePath(rng).replace('.jpg', '.png') };
}

/**
 * A season's details with its episodes as they are now (mutations applied), in the shape of OpenAPI
 * `tv-season-details`. The per-episode `crew` and `guest_stars` arrays are served empty: the fake has no
 * episode credits, and the real service sends `[]` for episodes without them.
 */
export function seasonDetailsOf(cat: Catalogue, seriesIndex: number, season: SeasonShape): Record<string, unknown> {
  const rng = recordRandom(cat.seed, KIND.seasonDetails, seriesIndex, season.seasonNumber);
  const episodes = Array.from({ length: season.episodeCount }, (_, i) => {
    const { media_type: _type, ...episode } = cat.episode(seriesIndex, season, i + 1);
    return { ...episode, crew: [], guest_stars: [] } as Record<string, unknown>;
  });
  const rated = episodes.filter((e) => (e.vote_count as number) > 0);
  const average = rated.reduce((sum, e) => sum + (e.vote_average as number), 0) / Math.max(1, rated.length);
  const posters = (seasonImages(cat, seriesIndex, season.seasonNumber) as { posters: { file_path: string }[] }).posters;
  return {
    _id: rng.hex(24),
    air_date: season.airDay === undefined ? null : isoDay(season.airDay),
    episodes,
    id: seasonId(seriesIndex, season.seasonNumber),
    networks: [networkOf(cat, seriesIndex)],
    name: season.seasonNumber === 0 ? 'Specials' : `Season ${season.seasonNumber}`,
    overview: rng.chance(0.4) ? '' : overview(rng),
    poster_path: posters[0]?.file_path ?? null,
    season_number: season.seasonNumber,
    vote_average: rated.length === 0 ? 0 : round3(average),
  };
}

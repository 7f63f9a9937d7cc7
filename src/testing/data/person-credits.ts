import type { Catalogue } from './catalogue.js';
import { type Roster, rosterWorks } from './credits-graph.js';
import { movieCastRole, movieCastSize, movieCrewRole, movieCrewSize } from './movie-credits.js';
import { movieCore } from './movies.js';
import type { SeasonShape } from './scale.js';
import { seasonCastRole, seasonCastSize, seasonCrewRole, seasonCrewSize } from './seasons.js';
import { MAX_REGULAR_SEASONS, seriesCore } from './series.js';
import { localizeMovie, localizeSeries } from './translations.js';

/** More slots than any roster has (casts name up to 14 people, crews up to 10). */
const MAX_SLOTS = 14;

type Credit = Record<string, unknown>;

/** Every (work, slot) whose roster names `person`, among works whose roster has that slot (`size`). */
function creditedSlots(
  cat: Catalogue,
  roster: Roster,
  person: number,
  works: number,
  size: (work: number) => number,
): { work: number; slot: number }[] {
  const found: { work: number; slot: number }[] = [];
  for (let slot = 0; slot < MAX_SLOTS; slot++) {
    for (const work of rosterWorks(cat.seed, roster, person, slot, cat.sizes.people, works)) {
      if (slot < size(work)) found.push({ work, slot });
    }
  }
  return found;
}

function movieCredits(cat: Catalogue, person: number, job: 'cast' | 'crew', language: string): Credit[] {
  const roster: Roster = { kind: job === 'cast' ? 'movieCast' : 'movieCrew' };
  const size = job === 'cast' ? movieCastSize : movieCrewSize;
  const credits: Credit[] = [];
  for (const { work, slot } of creditedSlots(cat, roster, person, cat.sizes.movies, (m) => size(cat, m))) {
    if (movieCore(cat, work).adult) continue;
    const role = job === 'cast' ? { ...movieCastRole(cat, work, slot), order: slot } : movieCrewRole(cat, work, slot);
    const { softcore: _softcore, ...summary } = cat.movieSummary(work, false);
    credits.push({ ...localizeMovie(cat, summary, language), ...role, media_type: 'movie' });
  }
  return credits;
}

/**
 * A person's roles (or jobs) on the seasons of each series: one credit per series, with the role of the latest
 * season naming them and the episodes of every such season, as the service aggregates them.
 */
function seriesCredits(cat: Catalogue, person: number, job: 'cast' | 'crew', language: string): Credit[] {
  const shapes = new Map<number, SeasonShape[]>();
  const seasonsOf = (series: number) => shapes.get(series) ?? shapes.set(series, cat.seasons(series)).get(series) ?? [];
  const size = job === 'cast' ? seasonCastSize : seasonCrewSize;
  const bySeries = new Map<number, { seasonNumber: number; slot: number; episodes: number }>();
  for (let seasonNumber = 0; seasonNumber <= MAX_REGULAR_SEASONS; seasonNumber++) {
    const roster: Roster = { kind: job === 'cast' ? 'seasonCast' : 'seasonCrew', seasonNumber };
    const slots = creditedSlots(cat, roster, person, cat.sizes.series, (series) =>
      seasonsOf(series).some((shape) => shape.seasonNumber === seasonNumber) ? size(cat, series, seasonNumber) : 0,
    );
    for (const { work, slot } of slots) {
      const shape = seasonsOf(work).find((s) => s.seasonNumber === seasonNumber);
      const episodes = (bySeries.get(work)?.episodes ?? 0) + (shape?.episodeCount ?? 0);
      bySeries.set(work, { seasonNumber, slot, episodes });
    }
  }
  const credits: Credit[] = [];
  for (const [series, { seasonNumber, slot, episodes }] of bySeries) {
    if (seriesCore(cat, series).adult) continue;
    const role =
      job === 'cast'
        ? seasonCastRole(cat, series, seasonNumber, slot)
        : seasonCrewRole(cat, series, seasonNumber, slot);
    const { softcore: _softcore, ...summary } = cat.seriesSummary(series, false);
    credits.push({ ...localizeSeries(cat, summary, language), ...role, episode_count: episodes, media_type: 'tv' });
  }
  return credits;
}

/**
 * A person's combined credits, in the shape of OpenAPI `person-combined-credits` (without its `id`, as appended to
 * person details): every movie and series whose credits name them, found through the credits graph, so both sides
 * agree. Adult titles are left out, as the service leaves them out unless asked.
 */
export function personCombinedCredits(
  cat: Catalogue,
  person: number,
  language: string,
): { cast: Credit[]; crew: Credit[] } {
  return {
    cast: [...movieCredits(cat, person, 'cast', language), ...seriesCredits(cat, person, 'cast', language)],
    crew: [...movieCredits(cat, person, 'crew', language), ...seriesCredits(cat, person, 'crew', language)],
  };
}

import type { Catalogue } from './catalogue.js';
import { getOrCreate } from './get-or-create.js';
import { KIND } from './kinds.js';
import { movieCore } from './movies.js';
import { personCore } from './people.js';
import { unit } from './random.js';
import { seriesColumns } from './series-columns.js';

export type TimeWindow = 'day' | 'week';
export type MediaKind = 'tv' | 'movie';

const DAY_MS = 86_400_000;
/** Observed totals: trending day reported 20 000 results, week 10 000 (FACTS §3). */
const TRENDING_CAP: Record<TimeWindow, number> = { day: 20_000, week: 10_000 };

interface Rankings {
  movies?: { popularity: Float64Array; adult: Uint8Array };
  people?: Uint32Array;
  trending: Map<string, Uint32Array>;
  airing: Map<number, Uint32Array>;
}

const cache = new WeakMap<Catalogue, Rankings>();

function rankings(cat: Catalogue): Rankings {
  return getOrCreate(cache, cat, (): Rankings => ({ trending: new Map(), airing: new Map() }));
}

function movieColumns(cat: Catalogue): { popularity: Float64Array; adult: Uint8Array } {
  const r = rankings(cat);
  if (r.movies) return r.movies;
  const count = cat.sizes.movies;
  const popularity = new Float64Array(count);
  const adult = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const core = movieCore(cat, i);
    popularity[i] = core.popularity;
    adult[i] = core.adult ? 1 : 0;
  }
  r.movies = { popularity, adult };
  return r.movies;
}

/** Non-adult indexes sorted by score descending, then index (= id) ascending. */
function rank(count: number, adult: Uint8Array, score: (i: number) => number, cap: number): Uint32Array {
  const scores = new Float64Array(count);
  const candidates: number[] = [];
  for (let i = 0; i < count; i++) {
    if (adult[i]) continue;
    scores[i] = score(i);
    candidates.push(i);
  }
  candidates.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return Uint32Array.from(candidates.slice(0, cap));
}

/**
 * Trending order: popularity weighted by a seeded factor that depends on the window and its current period
 * (the calendar day or week of the clock) and on how often `control.reshuffleTrending()` ran, so day and
 * week differ, and the lists move as time passes.
 */
export function trendingOrder(
  cat: Catalogue,
  media: MediaKind,
  window: TimeWindow,
  now: number,
  shuffles: number,
): Uint32Array {
  const period = Math.floor(now / (window === 'day' ? DAY_MS : 7 * DAY_MS));
  const key = `${media}:${window}:${period}:${shuffles}`;
  const r = rankings(cat);
  const existing = r.trending.get(key);
  if (existing) return existing;
  const salt = (media === 'tv' ? 1 : 3) + (window === 'day' ? 0 : 1);
  const spread = window === 'day' ? 1.6 : 0.6;
  const columns = media === 'tv' ? seriesColumns(cat) : movieColumns(cat);
  const count = media === 'tv' ? cat.sizes.series : cat.sizes.movies;
  const order = rank(
    count,
    columns.adult,
    (i) =>
      (columns.popularity[i] as number) *
      (1 - spread / 2 + spread * unit(cat.seed, KIND.trending, salt, period, shuffles, i)),
    TRENDING_CAP[window],
  );
  // Keep only the current lists: old periods are never asked for again.
  for (const old of r.trending.keys()) if (old.startsWith(`${media}:${window}:`)) r.trending.delete(old);
  r.trending.set(key, order);
  return order;
}

export function popularPeopleOrder(cat: Catalogue): Uint32Array {
  const r = rankings(cat);
  if (r.people) return r.people;
  const count = cat.sizes.people;
  const popularity = new Float64Array(count);
  const adult = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const core = personCore(cat, i);
    popularity[i] = core.popularity;
    adult[i] = core.adult ? 1 : 0;
  }
  r.people = rank(count, adult, (i) => popularity[i] as number, count);
  return r.people;
}

/** Series with a new episode on `weekday` (0 = Sunday), most popular first. */
export function airingOrder(cat: Catalogue, weekday: number): Uint32Array {
  const r = rankings(cat);
  const existing = r.airing.get(weekday);
  if (existing) return existing;
  const columns = seriesColumns(cat);
  const notAiring = Uint8Array.from(columns.adult, (adult, i) =>
    adult || !columns.airing[i] || columns.airWeekday[i] !== weekday ? 1 : 0,
  );
  const order = rank(columns.count, notAiring, (i) => columns.popularity[i] as number, columns.count);
  r.airing.set(weekday, order);
  return order;
}

import type { Catalogue } from './catalogue.js';
import { getOrCreate } from './get-or-create.js';
import { movieSummary } from './movies.js';
import { personCore, personText } from './people.js';
import { seriesColumns, seriesNames } from './series-columns.js';

/** What a search matches against: a record's folded names, its popularity and whether it is adult. */
interface SearchEntry {
  readonly words: readonly string[];
  readonly popularity: number;
  readonly adult: boolean;
}

export type SearchKind = 'movie' | 'tv' | 'person';

/** One matching record: its kind, index and popularity (the order of a mixed search). */
export interface SearchHit {
  readonly kind: SearchKind;
  readonly index: number;
  readonly popularity: number;
}

/** Case- and accent-insensitive words ("Amélie's Café" → amelie, s, cafe). */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

const indexes = new WeakMap<Catalogue, Map<SearchKind, SearchEntry[]>>();

function entriesOf(cat: Catalogue, kind: SearchKind): SearchEntry[] {
  const byKind = getOrCreate(indexes, cat, () => new Map<SearchKind, SearchEntry[]>());
  return getOrCreate(byKind, kind, () => build(cat, kind));
}

function build(cat: Catalogue, kind: SearchKind): SearchEntry[] {
  if (kind === 'tv') {
    const columns = seriesColumns(cat);
    const names = seriesNames(cat);
    return Array.from({ length: columns.count }, (_, i) => ({
      words: [...searchWords(names.name[i] as string), ...searchWords(names.originalName[i] as string)],
      popularity: columns.popularity[i] as number,
      adult: columns.adult[i] === 1,
    }));
  }
  if (kind === 'movie') {
    return Array.from({ length: cat.sizes.movies }, (_, i) => {
      const movie = movieSummary(cat, i, false);
      return {
        words: [...searchWords(movie.title as string), ...searchWords(movie.original_title as string)],
        popularity: movie.popularity as number,
        adult: movie.adult as boolean,
      };
    });
  }
  return Array.from({ length: cat.sizes.people }, (_, i) => {
    const core = personCore(cat, i);
    const text = personText(cat, i);
    return {
      words: [...searchWords(text.name), ...searchWords(text.originalName)],
      popularity: core.popularity,
      adult: core.adult,
    };
  });
}

/**
 * The records of `kind` whose names match `query` (every word of the query begins a word of the name or the
 * original name, case and accents aside), most popular first, then by index; adult ones only when asked for. The
 * names are indexed on the first search of a kind.
 */
export function searchHits(cat: Catalogue, kind: SearchKind, query: string, includeAdult: boolean): SearchHit[] {
  const wanted = searchWords(query);
  if (wanted.length === 0) return [];
  const entries = entriesOf(cat, kind);
  const hits: SearchHit[] = [];
  entries.forEach((entry, index) => {
    if (entry.adult && !includeAdult) return;
    if (wanted.every((word) => entry.words.some((candidate) => candidate.startsWith(word)))) {
      hits.push({ kind, index, popularity: entry.popularity });
    }
  });
  return hits.sort((a, b) => b.popularity - a.popularity || a.index - b.index);
}

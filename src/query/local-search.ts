import type { MovieRow, PersonRow, TvSeriesRow } from '../store/tables/rows.js';

/** One cached record whose title or name matched, tagged with what it is (like the service's multi search). */
export type LocalSearchItem =
  | (TvSeriesRow & { media_type: 'tv' })
  | (MovieRow & { media_type: 'movie' })
  | (PersonRow & { media_type: 'person' });

export interface LocalSearchResult {
  readonly page: number;
  readonly results: LocalSearchItem[];
  readonly total_pages: number;
  readonly total_results: number;
}

function matcher(foldText: (text: string) => string) {
  return (folded: string, ...names: readonly unknown[]): boolean =>
    names.some((name) => typeof name === 'string' && foldText(name).includes(folded));
}

/**
 * Cached series (name, original name), movies (title, original title) and people (name) whose text contains
 * `text`, ignoring case and accents; most popular first, then by id; 20 a page. Blank text matches nothing.
 */
export function searchLocally(
  records: { tv: readonly TvSeriesRow[]; movies: readonly MovieRow[]; people: readonly PersonRow[] },
  text: string,
  page: number,
  kit: { readonly pageSize: number; readonly foldText: (text: string) => string },
): LocalSearchResult {
  const { pageSize, foldText } = kit;
  const matches = matcher(foldText);
  const folded = foldText(text.trim());
  const found: LocalSearchItem[] = [];
  if (folded !== '') {
    for (const s of records.tv) if (matches(folded, s.name, s.original_name)) found.push({ ...s, media_type: 'tv' });
    for (const m of records.movies) {
      if (matches(folded, m.title, m.original_title)) found.push({ ...m, media_type: 'movie' });
    }
    for (const p of records.people) if (matches(folded, p.name)) found.push({ ...p, media_type: 'person' });
  }
  const popularity = (item: LocalSearchItem) => (typeof item.popularity === 'number' ? item.popularity : 0);
  found.sort((a, b) => popularity(b) - popularity(a) || a.id - b.id || a.media_type.localeCompare(b.media_type));
  return {
    page,
    results: found.slice((page - 1) * pageSize, page * pageSize),
    total_pages: Math.ceil(found.length / pageSize),
    total_results: found.length,
  };
}

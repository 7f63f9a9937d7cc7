/**
 * A pending change in the words a person uses: "Remove *Seoul Island* from My list", "Rate *Dark* 8/10". The
 * titles are looked up by the caller (`titles.ts`); an unknown one reads "movie #31".
 */
import type { OutboxEntry } from '../../src/index.js';
import { movieKey, seriesKey, type TitleKey } from './titles.js';

/** The sentence around the title: `[before, title key, fallback, after]`. */
export interface ChangeWords {
  readonly before: string;
  readonly key: TitleKey | undefined;
  readonly fallback: string;
  readonly after: string;
}

const number = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

function media(params: Readonly<Record<string, unknown>>): { key: TitleKey; fallback: string } {
  const id = number(params.media_id);
  return params.media_type === 'tv'
    ? { key: seriesKey(id), fallback: `series #${id}` }
    : { key: movieKey(id), fallback: `movie #${id}` };
}

function series(params: Readonly<Record<string, unknown>>): { key: TitleKey; fallback: string } {
  const id = number(params.series_id);
  return { key: seriesKey(id), fallback: `series #${id}` };
}

/** "S1E3": an episode's place, shown after its series' title. */
function episodePlace(params: Readonly<Record<string, unknown>>): string {
  return `S${number(params.season_number)}E${number(params.episode_number)}`;
}

export function changeWords(entry: Pick<OutboxEntry, 'operation' | 'params'>): ChangeWords {
  const { params } = entry;
  const words = (before: string, subject: { key: TitleKey; fallback: string }, after = ''): ChangeWords => ({
    before,
    ...subject,
    after,
  });
  switch (entry.operation) {
    case 'removeListItem':
      return words('Remove ', media({ ...params, media_type: 'movie' }), ' from My list');
    case 'addToWatchlist':
      return params.watchlist === false
        ? words('Remove ', media(params), ' from Watchlist')
        : words('Add ', media(params), ' to Watchlist');
    case 'markFavorite':
      return params.favorite === false
        ? words('Remove ', media(params), ' from favorites')
        : words('Mark ', media(params), ' as favorite');
    case 'rateTvSeries':
      return words('Rate ', series(params), ` ${number(params.value)}/10`);
    case 'deleteTvSeriesRating':
      return words('Remove rating from ', series(params));
    case 'rateEpisode':
      return words('Rate ', series(params), ` ${episodePlace(params)} ${number(params.value)}/10`);
    case 'deleteEpisodeRating':
      return words('Remove rating from ', series(params), ` ${episodePlace(params)}`);
    default:
      return { before: 'Change ', key: undefined, fallback: String(entry.operation), after: '' };
  }
}

/** The demo's pending changes in words (`demo/app/change-words.ts`): every outbox operation, and its fallbacks. */
import { describe, expect, it } from 'vitest';
import { changeWords } from '../../demo/app/change-words.js';
import type { OutboxEntry } from '../../src/index.js';

/** The sentence as shown, with the title known or not. */
function sentence(entry: Pick<OutboxEntry, 'operation' | 'params'>, titles: Record<string, string> = {}): string {
  const words = changeWords(entry);
  return `${words.before}${(words.key && titles[words.key]) ?? words.fallback}${words.after}`;
}

describe('changeWords', () => {
  const titles = { 'movie:31': 'Seoul Island', 'tv:7': 'Dark' };

  it('names every outbox operation in words, with the title the caller looked up', () => {
    const cases: [Pick<OutboxEntry, 'operation' | 'params'>, string][] = [
      [{ operation: 'removeListItem', params: { list_id: 8017271, media_id: 31 } }, 'Remove Seoul Island from My list'],
      [
        { operation: 'addToWatchlist', params: { account_id: 1, media_type: 'tv', media_id: 7, watchlist: true } },
        'Add Dark to Watchlist',
      ],
      [
        { operation: 'addToWatchlist', params: { account_id: 1, media_type: 'tv', media_id: 7, watchlist: false } },
        'Remove Dark from Watchlist',
      ],
      [
        { operation: 'markFavorite', params: { account_id: 1, media_type: 'movie', media_id: 31, favorite: true } },
        'Mark Seoul Island as favorite',
      ],
      [
        { operation: 'markFavorite', params: { account_id: 1, media_type: 'tv', media_id: 7, favorite: false } },
        'Remove Dark from favorites',
      ],
      [{ operation: 'rateTvSeries', params: { series_id: 7, value: 8 } }, 'Rate Dark 8/10'],
      [{ operation: 'deleteTvSeriesRating', params: { series_id: 7 } }, 'Remove rating from Dark'],
      [
        { operation: 'rateEpisode', params: { series_id: 7, season_number: 1, episode_number: 3, value: 7.5 } },
        'Rate Dark S1E3 7.5/10',
      ],
      [
        { operation: 'deleteEpisodeRating', params: { series_id: 7, season_number: 2, episode_number: 1 } },
        'Remove rating from Dark S2E1',
      ],
    ];
    for (const [entry, expected] of cases) expect(sentence(entry, titles)).toBe(expected);
  });

  it('falls back to "movie #31" or "series #7" when the title is unknown, never to parameter names', () => {
    expect(sentence({ operation: 'removeListItem', params: { list_id: 8017271, media_id: 31 } })).toBe(
      'Remove movie #31 from My list',
    );
    expect(sentence({ operation: 'rateTvSeries', params: { series_id: 7, value: 6 } })).toBe('Rate series #7 6/10');
    const text = sentence({
      operation: 'markFavorite',
      params: { account_id: 1, media_type: 'tv', media_id: 7, favorite: true },
    });
    expect(text).toBe('Mark series #7 as favorite');
    expect(text).not.toMatch(/media_id|list_id|account_id/);
  });
});

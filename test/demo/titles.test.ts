/**
 * The demo's title lookup (`demo/app/titles.ts`): names from the stored public answers only, read without the
 * network, and nothing for an id none of them holds.
 */
import { describe, expect, it } from 'vitest';
import { lookUpTitles, movieKey, seriesKey, type TitleKey } from '../../demo/app/titles.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';

const open = closedAfterEach();

describe('lookUpTitles', () => {
  it('names movies and series from the stored lists, people’s known-for included, and asks the service nothing', async () => {
    const { catalogue, service } = open();
    await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    await catalogue.sync.pull('trendingTv', { time_window: 'week' });
    await catalogue.sync.pull('popularPeople', { page: 2 });
    const trendingMovie = (await catalogue.read('trendingMovies', { time_window: 'day' }))?.results[0];
    const trendingSeries = (await catalogue.read('trendingTv', { time_window: 'week' }))?.results[0];
    const knownFor = (await catalogue.read('popularPeople', { page: 2 }))?.results
      .flatMap((person) => person.known_for)
      .find((item) => item.media_type === 'movie' && item.id !== trendingMovie?.id);
    if (!trendingMovie || !trendingSeries || knownFor?.media_type !== 'movie') throw new Error('fixture data changed');
    const requests = service.log.count();

    const unknown = movieKey(99_999_999);
    const wanted = new Set<TitleKey>([
      movieKey(trendingMovie.id),
      seriesKey(trendingSeries.id),
      movieKey(knownFor.id),
      unknown,
    ]);
    const found = await lookUpTitles(catalogue, wanted);

    expect(found.get(movieKey(trendingMovie.id))).toBe(trendingMovie.title);
    expect(found.get(seriesKey(trendingSeries.id))).toBe(trendingSeries.name);
    expect(found.get(movieKey(knownFor.id))).toBe(knownFor.title);
    expect(found.has(unknown)).toBe(false);
    expect(service.log.count()).toBe(requests);
  });

  it('a movie and a series with the same id keep their own names', async () => {
    const { catalogue } = open();
    await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    const movie = (await catalogue.read('trendingMovies', { time_window: 'day' }))?.results[0];
    if (!movie) throw new Error('fixture data changed');
    const found = await lookUpTitles(catalogue, new Set([movieKey(movie.id), seriesKey(movie.id)]));
    expect(found.get(movieKey(movie.id))).toBe(movie.title);
    // No stored series list holds this id as a series: it stays unnamed rather than taking the movie's title.
    expect(found.has(seriesKey(movie.id))).toBe(false);
  });
});

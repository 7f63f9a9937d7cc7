import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { isServiceError } from '../../src/errors/service-error.js';
import type { View } from '../../src/query/view.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, settle, until } from './view-helpers.js';

const open = closedAfterEach();

type Truth = { results: { id: number }[] };
type Operation = 'movieDetails' | 'tvSeriesDetails' | 'personDetails';
type AnyView = View<ViewSnapshot<unknown>>;

/** A trending movie, a trending series and a popular person of the fake, by id. */
function ids(service: ReturnType<typeof open>['service']) {
  const { control } = service;
  const movie = (control.groundTruth('trendingMovies', { time_window: 'day' }) as Truth).results[0]?.id as number;
  const series = (control.groundTruth('trendingTv', { time_window: 'day' }) as Truth).results[0]?.id as number;
  const person = (control.groundTruth('popularPeople', {}) as Truth).results[0]?.id as number;
  return { movie, series, person };
}

describe('detail views', () => {
  it('fill in from the service with the detail answer as served, appended parts included', async () => {
    const { catalogue, clock, service, urls } = open();
    const { movie, series, person } = ids(service);
    const views: [Operation, AnyView, Record<string, number>][] = [
      ['movieDetails', catalogue.movieDetails({ movie_id: movie }), { movie_id: movie }],
      ['tvSeriesDetails', catalogue.tvSeriesDetails({ series_id: series }), { series_id: series }],
      ['personDetails', catalogue.personDetails({ person_id: person }), { person_id: person }],
    ];
    for (const [operation, view, params] of views) {
      const rec = record(view);
      const fresh = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
      const truth = endpoints[operation].response.parse(
        service.control.groundTruth(operation, { ...params, language: 'en-US' } as never),
      );
      expect(fresh.data, operation).toEqual(truth);
      expect(fresh.error).toBeUndefined();
      rec.stop();
    }
    const movieData = catalogue.movieDetails({ movie_id: movie }).getSnapshot().data;
    expect(movieData?.credits.cast.length).toBeGreaterThan(0);
    expect(movieData?.genres.length).toBeGreaterThan(0);
    const personData = catalogue.personDetails({ person_id: person }).getSnapshot().data;
    expect(personData?.combined_credits.cast.length).toBeGreaterThan(0);
    expect(catalogue.tvSeriesDetails({ series_id: series }).getSnapshot().data?.seasons.length).toBeGreaterThan(0);
    // One request each, asking for what the screens show.
    expect(urls.filter((url) => /\/3\/(movie|tv|person)\/\d+\?/.test(url))).toEqual([
      `http://127.0.0.1:8787/3/movie/${movie}?append_to_response=credits%2Cvideos&language=en-US`,
      `http://127.0.0.1:8787/3/tv/${series}?append_to_response=credits&language=en-US`,
      `http://127.0.0.1:8787/3/person/${person}?append_to_response=combined_credits&language=en-US`,
    ]);
  });

  it('settle on an unknown id: missing, not fetching, the service’s typed not-found error, and no retry', async () => {
    const { catalogue, clock, service } = open();
    // Ids no record of the small catalogue has (its ids stay below a few thousand).
    const unknown = 987_654_321;
    const views: AnyView[] = [
      catalogue.movieDetails({ movie_id: unknown }),
      catalogue.tvSeriesDetails({ series_id: unknown }),
      catalogue.personDetails({ person_id: unknown }),
    ];
    for (const view of views) {
      const rec = record(view);
      const settled = await until(clock, view, (s) => s.status !== 'loading' && !s.fetching);
      expect(settled).toMatchObject({ status: 'missing', data: undefined, fetching: false });
      expect(isServiceError(settled.error)).toBe(true);
      expect(settled.error).toMatchObject({ status: 404, statusCode: 34 });
      // A 4xx is not retried: a minute on, the view is as it was, with one request made.
      await clock.advance(60_000);
      await settle(clock);
      expect(view.getSnapshot()).toBe(settled);
      rec.stop();
    }
    for (const operation of ['movieDetails', 'tvSeriesDetails', 'personDetails']) {
      expect(service.log.count({ operation }), operation).toBe(1);
    }
  });

  it('read offline after a sync: a reload with no network shows the stored details at once', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const first = open({ catalogue: { indexedDB } });
    const { movie, series, person } = ids(first.service);
    await first.catalogue.sync.pull('movieDetails', { movie_id: movie });
    await first.catalogue.sync.pull('tvSeriesDetails', { series_id: series });
    await first.catalogue.sync.pull('personDetails', { person_id: person });
    const stored = await first.catalogue.read('movieDetails', { movie_id: movie });
    await first.catalogue.close();

    const { catalogue, clock, connectivity, service } = open({ catalogue: { indexedDB } });
    connectivity.setOnline(false);
    const views: AnyView[] = [
      catalogue.movieDetails({ movie_id: movie }),
      catalogue.tvSeriesDetails({ series_id: series }),
      catalogue.personDetails({ person_id: person }),
    ];
    for (const view of views) {
      const rec = record(view);
      const shown = await until(clock, view, (s) => s.status !== 'loading');
      expect(shown).toMatchObject({ status: 'fresh', error: undefined, fetching: false });
      expect(shown.data).toBeDefined();
      rec.stop();
    }
    expect(views[0]?.getSnapshot().data).toEqual(stored);
    expect(service.log.count()).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, type ParamsOf, type ResponseOf } from '../../src/api/endpoints.js';
import type { MovieDetails } from '../../src/api/schemas/movie-details.js';
import type { MovieVideos } from '../../src/api/schemas/movie-videos.js';
import type { PersonDetails } from '../../src/api/schemas/person-details.js';
import type { SeasonDetails } from '../../src/api/schemas/season-details.js';
import type { TvSeriesDetails } from '../../src/api/schemas/tv-series-details.js';
import { DATABASE_PROTOCOL_SUFFIX, databaseName } from '../../src/catalogue-options.js';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL, type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { record, until } from '../query/view-helpers.js';
import { drive } from './changes/change-fixture.js';

const HOUR = 3_600_000;

type Detail = 'movieDetails' | 'movieVideos' | 'personDetails' | 'tvSeriesDetails';

/** One fake and ONE IndexedDB factory shared by catalogues of several languages, none given a `dbName`. */
const languagesWorld = () =>
  catalogueWorld({ dbName: null, connectivity: 'per-instance', service: { rateLimit: false } });

let opened: CatalogueWorld | undefined;
afterEach(async () => {
  await opened?.closeAll();
  opened = undefined;
});

describe('one language per database', () => {
  it('names the database after the language unless it is en-US', () => {
    expect(databaseName('catalogue', 'en-US')).toBe('catalogue');
    expect(databaseName('catalogue', 'fr-FR')).toBe('catalogue-fr-FR');
    expect(databaseName('shows', 'en')).toBe('shows-en');
  });

  it('two catalogues of two languages store and show their own names for the same record', async () => {
    const w = languagesWorld();
    opened = w;
    const english = w.open({ language: 'en-US' });
    const french = w.open({ language: 'fr-FR' });
    const params = { time_window: 'week' } as const;
    await w.clock.runUntil(english.sync.pull('trendingTv', params));
    await w.clock.runUntil(french.sync.pull('trendingTv', params));

    // Two databases on the one factory, although neither was given a dbName, each with its first answers' own.
    // This release's protocol suffix follows the language part; no earlier release's name is created.
    expect(databaseOf(english).name).toBe(`catalogue${DATABASE_PROTOCOL_SUFFIX}`);
    expect(databaseOf(french).name).toBe(`catalogue-fr-FR${DATABASE_PROTOCOL_SUFFIX}`);
    expect((await w.indexedDB.databases()).map((db) => db.name).sort()).toEqual(
      [
        `catalogue${DATABASE_PROTOCOL_SUFFIX}`,
        `catalogue-fr-FR${DATABASE_PROTOCOL_SUFFIX}`,
        `catalogue-fr-FR${DATABASE_PROTOCOL_SUFFIX}:first`,
        `catalogue${DATABASE_PROTOCOL_SUFFIX}:first`,
      ].sort(),
    );

    const truthEn = w.service.control.groundTruth('trendingTv', { ...params, language: 'en-US' }) as {
      results: { id: number; name: string }[];
    };
    const truthFr = w.service.control.groundTruth('trendingTv', { ...params, language: 'fr-FR' }) as typeof truthEn;
    const index = truthEn.results.findIndex((series, i) => truthFr.results[i]?.name !== series.name);
    expect(index).toBeGreaterThanOrEqual(0);
    const id = truthEn.results[index]?.id as number;
    const nameEn = truthEn.results[index]?.name;
    const nameFr = truthFr.results[index]?.name;

    // Stored: each database holds its own language's record.
    expect(await databaseOf(english).table('tvSeries').get(id)).toMatchObject({ id, name: nameEn });
    expect(await databaseOf(french).table('tvSeries').get(id)).toMatchObject({ id, name: nameFr });
    // Shown: each view shows its own language's name.
    for (const [catalogue, name] of [
      [english, nameEn],
      [french, nameFr],
    ] as const) {
      const view = catalogue.trendingTv(params);
      const seen = record(view);
      const snapshot = await until(w.clock, view, (s) => s.data !== undefined);
      expect(snapshot.data?.results.find((series) => series.id === id)?.name).toBe(name);
      seen.stop();
    }
  });

  it("each language's change feeds keep its own season details equal to the fake's in that language", async () => {
    const w = languagesWorld();
    opened = w;
    const english = w.open({ language: 'en-US' });
    const french = w.open({ language: 'fr-FR' });
    const series_id = w.service.control.allSeries().find((s) => s.adult === false)?.id as number;
    await w.clock.runUntil(english.track.series(series_id));
    await w.clock.runUntil(french.track.series(series_id));
    await w.clock.advance(HOUR);

    // English and translation changes, until a French one is among them (seeded: the same rounds every run).
    let frenchItems = 0;
    const seasons = new Set<number>();
    for (let round = 0; round < 20 && frenchItems === 0; round++) {
      for (const { episode_id, season_number } of w.service.control.mutateEpisodes({ series_id, count: 4 })) {
        seasons.add(season_number);
        const response = await w.service.fetch(`${BASE_URL}/3/tv/episode/${episode_id}/changes`, {
          headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
        });
        const feed = (await response.json()) as { changes: { items: { iso_639_1?: string }[] }[] };
        frenchItems += feed.changes.flatMap((g) => g.items).filter((item) => item.iso_639_1 === 'fr').length;
      }
    }
    expect(frenchItems).toBeGreaterThan(0);
    await w.clock.advance(60_000);
    await drive(w.clock, english.sync.refreshChanges({ budget: 1000 }));
    await drive(w.clock, french.sync.refreshChanges({ budget: 1000 }));

    const fields = (details: SeasonDetails) =>
      details.episodes.map(({ id, name, overview, runtime, air_date, production_code, still_path }) => ({
        id,
        name,
        overview,
        runtime,
        air_date,
        production_code,
        still_path,
      }));
    for (const [catalogue, language] of [
      [english, 'en-US'],
      [french, 'fr-FR'],
    ] as const) {
      for (const season_number of seasons) {
        const params = { series_id, season_number };
        const stored = (await catalogue.read('seasonDetails', params)) as SeasonDetails;
        const truth = w.service.control.groundTruth('seasonDetails', { ...params, language }) as SeasonDetails;
        expect(fields(stored), `${language} season ${season_number}`).toEqual(fields(truth));
      }
    }
    // The two stores differ where the languages do.
    const [season] = seasons;
    const names = async (catalogue: Catalogue) =>
      (
        (await catalogue.read('seasonDetails', { series_id, season_number: season as number })) as SeasonDetails
      ).episodes.map((e) => e.name);
    expect(await names(french)).not.toEqual(await names(english));
  });

  it('a French catalogue stores the French details: tagline, genres, biography, seasons, and only French videos', async () => {
    const w = languagesWorld();
    opened = w;
    const english = w.open({ language: 'en-US' });
    const french = w.open({ language: 'fr-FR' });
    const served = <O extends Detail>(operation: O, params: ParamsOf<O>, language: string): ResponseOf<O> =>
      endpoints[operation].response.parse(
        w.service.control.groundTruth(operation, { ...params, language } as ParamsOf<O>),
      ) as ResponseOf<O>;
    const ids = (operation: 'trendingMovies' | 'popularPeople' | 'trendingTv', params: Record<string, string>) =>
      (w.service.control.groundTruth(operation, params as never) as { results: { id: number }[] }).results.map(
        (item) => item.id,
      );

    // A movie the fake translates into French, with a tagline and French videos; a person with a French biography.
    const movie_id = ids('trendingMovies', { time_window: 'week' }).find((id) => {
      const [en, fr] = ['en-US', 'fr-FR'].map((language) => served('movieDetails', { movie_id: id }, language));
      return fr?.tagline !== '' && fr?.tagline !== en?.tagline && (fr?.videos?.results.length ?? 0) > 0;
    }) as number;
    const person_id = ids('popularPeople', {}).find((id) => {
      const [en, fr] = ['en-US', 'fr-FR'].map((language) => served('personDetails', { person_id: id }, language));
      return fr?.biography !== '' && fr?.biography !== en?.biography;
    }) as number;
    const series_id = ids('trendingTv', { time_window: 'week' })[0] as number;
    expect(movie_id).toBeDefined();
    expect(person_id).toBeDefined();

    // Each catalogue stores its language's answers as the fake serves them.
    const reads: [Detail, Record<string, number>][] = [
      ['movieDetails', { movie_id }],
      ['movieVideos', { movie_id }],
      ['personDetails', { person_id }],
      ['tvSeriesDetails', { series_id }],
    ];
    for (const [catalogue, language] of [
      [english, 'en-US'],
      [french, 'fr-FR'],
    ] as const) {
      for (const [operation, params] of reads) {
        await w.clock.runUntil(catalogue.sync.pull(operation, params as never));
        const stored = await catalogue.read(operation, params as never);
        expect(stored, `${language} ${operation}`).toEqual(served(operation, params as never, language));
      }
    }
    const movie = (await french.read('movieDetails', { movie_id })) as MovieDetails;
    const movieEn = (await english.read('movieDetails', { movie_id })) as MovieDetails;
    expect(movie.tagline).not.toBe(movieEn.tagline);
    expect(movie.genres.map((genre) => genre.id)).toEqual(movieEn.genres.map((genre) => genre.id));
    const videos = (await french.read('movieVideos', { movie_id })) as MovieVideos;
    expect(videos.results.length).toBeGreaterThan(0);
    expect(videos.results.every((video) => video.iso_639_1 === 'fr')).toBe(true);
    expect(movie.videos?.results).toEqual(videos.results);
    const person = (await french.read('personDetails', { person_id })) as PersonDetails;
    const personEn = (await english.read('personDetails', { person_id })) as PersonDetails;
    expect(person.biography).not.toBe(personEn.biography);
    const seasons = ((await french.read('tvSeriesDetails', { series_id })) as TvSeriesDetails).seasons.filter(
      (season) => season.season_number > 0,
    );
    expect(seasons.map((season) => season.name)).toEqual(seasons.map((season) => `Saison ${season.season_number}`));
  });
});

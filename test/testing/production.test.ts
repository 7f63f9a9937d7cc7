import { describe, expect, it } from 'vitest';
import { openApiExample } from '../helpers/samples.js';
import { type Harness, harness, type Json } from './helpers.js';
import { compareWithShape, nullPaths, shapeOf } from './shape.js';

const SEEDS = [1, 2, 3];

/** Up to 120 distinct movies the fake lists (the trending lists, several pages). */
async function movieIds(h: Harness): Promise<number[]> {
  const ids = new Set<number>();
  for (const window of ['day', 'week']) {
    for (let page = 1; page <= 3; page++) {
      const list = await h.json<{ results: Json[] }>(`/3/trending/movie/${window}?page=${page}`);
      for (const movie of list.results) ids.add(movie.id as number);
    }
  }
  return [...ids];
}

const movieExample = openApiExample('/3/movie/{movie_id}') as Json;
const seriesExample = openApiExample('/3/tv/{series_id}') as Json;

/** The share of `records` for which `filled` holds. */
const share = (records: Json[], filled: (record: Json) => boolean) => records.filter(filled).length / records.length;

describe.each(SEEDS)('the fake’s production fields (seed %i)', (seed) => {
  it('give every movie a runtime that is a number, 0 when unknown (never null)', async () => {
    const h = harness({ seed });
    const movies = await Promise.all((await movieIds(h)).map((id) => h.json(`/3/movie/${id}`)));
    expect(movies.length).toBeGreaterThan(40);
    for (const movie of movies) {
      expect(Number.isInteger(movie.runtime), `movie ${movie.id} runtime ${movie.runtime}`).toBe(true);
      expect(movie.runtime as number).toBeGreaterThanOrEqual(0);
    }
  });

  it('name companies and countries for most movies and series, in the shapes of the OpenAPI examples', async () => {
    const h = harness({ seed });
    const movies = await Promise.all((await movieIds(h)).map((id) => h.json(`/3/movie/${id}`)));
    const series = await Promise.all(
      h.service.control
        .allSeries()
        .slice(0, 60)
        .map((s) => h.json(`/3/tv/${s.id}`)),
    );
    // Both examples together: the series example has companies without a logo (null).
    const examples = [movieExample, seriesExample].map((example) => ({
      production_companies: example.production_companies,
      production_countries: example.production_countries,
    }));
    const shape = shapeOf(...examples);
    const nullable = nullPaths(examples);
    for (const records of [movies, series]) {
      expect(share(records, (r) => (r.production_companies as unknown[]).length > 0)).toBeGreaterThan(0.7);
      expect(share(records, (r) => (r.production_countries as unknown[]).length > 0)).toBe(1);
      for (const record of records) {
        const part = {
          production_companies: record.production_companies,
          production_countries: record.production_countries,
        };
        expect(compareWithShape(part, shape, nullable), `record ${record.id}`).toEqual([]);
        // Every company's country is among the record's countries.
        const countries = new Set((record.production_countries as Json[]).map((c) => c.iso_3166_1));
        for (const company of record.production_companies as Json[]) {
          if (company.origin_country !== '') expect(countries.has(company.origin_country)).toBe(true);
        }
      }
    }
  });

  it('name the creators of most series: people of the fake, with their own name, gender and picture', async () => {
    const h = harness({ seed });
    const series = await Promise.all(
      h.service.control
        .allSeries()
        .slice(0, 60)
        .map((s) => h.json(`/3/tv/${s.id}`)),
    );
    expect(share(series, (s) => (s.created_by as unknown[]).length > 0)).toBeGreaterThan(0.6);
    const shape = shapeOf({ created_by: seriesExample.created_by });
    for (const record of series) {
      expect(compareWithShape({ created_by: record.created_by }, shape, new Set()), `series ${record.id}`).toEqual([]);
      for (const creator of record.created_by as Json[]) {
        const person = await h.json(`/3/person/${creator.id}`);
        expect(creator).toMatchObject({
          name: person.name,
          gender: person.gender,
          profile_path: person.profile_path,
        });
      }
    }
  });

  it('are the same for the same seed', async () => {
    const [a, b] = [harness({ seed }), harness({ seed })];
    const movie = (await movieIds(a))[0] as number;
    const series = a.service.control.allSeries()[0]?.id as number;
    for (const path of [`/3/movie/${movie}`, `/3/tv/${series}`]) {
      const [first, second] = [await a.json(path), await b.json(path)];
      expect(second.production_companies).toEqual(first.production_companies);
      expect(second.created_by).toEqual(first.created_by);
    }
  });
});

describe('the unknown runtime', () => {
  it('occurs (as 0) among the movies of the three seeds, so the rule above is exercised', async () => {
    let zero = 0;
    for (const seed of SEEDS) {
      const h = harness({ seed });
      for (const id of await movieIds(h)) if ((await h.json(`/3/movie/${id}`)).runtime === 0) zero++;
    }
    expect(zero).toBeGreaterThan(0);
  });
});

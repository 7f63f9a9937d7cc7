import { describe, expect, it } from 'vitest';
import { movieDetails, personDetails, tvSeriesDetails } from '../../src/api/schemas/index.js';
import { openApiDetailExample } from '../helpers/samples.js';

/** The service's own examples, with the parts the library appends (each sub-resource's example, without its id). */
const movie = () => openApiDetailExample('/3/movie/{movie_id}') as Record<string, unknown> & MovieShape;
const series = () => openApiDetailExample('/3/tv/{series_id}') as Record<string, unknown>;
const person = () => openApiDetailExample('/3/person/{person_id}') as Record<string, unknown> & PersonShape;

type MovieShape = { credits: { cast: Record<string, unknown>[] }; videos: { results: unknown[] } };
type PersonShape = { combined_credits: { cast: Record<string, unknown>[] } };

describe('detail schemas', () => {
  it('accept the OpenAPI examples with their appended parts, and keep what the screens show', () => {
    const m = movieDetails.parse(movie());
    expect(m).toMatchObject({ id: 11, title: 'Star Wars', runtime: 121, release_date: '1977-05-25' });
    expect(m.genres).toContainEqual({ id: 12, name: 'Adventure' });
    // The credits example is another movie's (Fight Club): each part is its own sub-resource's example.
    expect(m.credits.cast[0]).toMatchObject({ name: 'Edward Norton', character: 'The Narrator', order: 0 });
    expect(m.credits.crew.length).toBeGreaterThan(0);
    expect(m.videos.results.length).toBeGreaterThan(0);
    const s = tvSeriesDetails.parse(series());
    expect(s).toMatchObject({ id: 1399, name: 'Game of Thrones', number_of_seasons: 8 });
    expect(s.seasons[0]).toMatchObject({ season_number: 0, name: 'Specials' });
    expect(s.credits.cast[0]).toMatchObject({ name: 'Peter Dinklage', character: 'Tyrion Lannister' });
    const p = personDetails.parse(person());
    expect(p).toMatchObject({ id: 31, name: 'Tom Hanks', birthday: '1956-07-09', deathday: null });
    const kinds = new Set(p.combined_credits.cast.map((credit) => credit.media_type));
    expect(kinds).toEqual(new Set(['movie', 'tv']));
    const tv = p.combined_credits.cast.find((credit) => credit.media_type === 'tv');
    expect(tv && 'name' in tv ? tv.name : undefined).toEqual(expect.any(String));
  });

  it('strip what they do not know, at every level', () => {
    const input = movie();
    input.unknown_top = 1;
    (input.credits.cast[0] as Record<string, unknown>).unknown_cast = 2;
    const m = movieDetails.parse(input) as unknown as Record<string, unknown> & MovieShape;
    expect(m).not.toHaveProperty('unknown_top');
    expect(m.credits.cast[0]).not.toHaveProperty('unknown_cast');
    // The sub-resources' own fields not kept in the shape (cast_id, production companies) go too.
    expect(m.credits.cast[0]).not.toHaveProperty('cast_id');
    expect(m).not.toHaveProperty('production_companies');
  });

  it('accept "" and null for unknown dates and a null runtime, tagline or birthplace', () => {
    expect(movieDetails.safeParse({ ...movie(), release_date: '', runtime: null, tagline: null }).success).toBe(true);
    expect(movieDetails.safeParse({ ...movie(), release_date: null }).success).toBe(true);
    const s = series();
    const seasons = (s.seasons as Record<string, unknown>[]).map((season) => ({ ...season, air_date: null }));
    expect(tvSeriesDetails.safeParse({ ...s, first_air_date: '', seasons }).success).toBe(true);
    expect(personDetails.safeParse({ ...person(), birthday: null, deathday: '', place_of_birth: null }).success).toBe(
      true,
    );
  });

  it('reject a broken answer, naming the field', () => {
    const cases: [string, { safeParse(value: unknown): { success: boolean; error?: unknown } }, unknown][] = [
      ['credits missing', movieDetails, { ...movie(), credits: undefined }],
      ['a negative runtime', movieDetails, { ...movie(), runtime: -5 }],
      ['a date in another format', movieDetails, { ...movie(), release_date: '25/05/1977' }],
      ['a genre without a name', movieDetails, { ...movie(), genres: [{ id: 12 }] }],
      ['a fractional season count', tvSeriesDetails, { ...series(), number_of_seasons: 1.5 }],
      ['seasons not a list', tvSeriesDetails, { ...series(), seasons: {} }],
      ['no combined credits', personDetails, { ...person(), combined_credits: undefined }],
    ];
    for (const [name, schema, value] of cases) expect(schema.safeParse(value).success, name).toBe(false);
    const p = person();
    p.combined_credits.cast[0] = { ...p.combined_credits.cast[0], media_type: 'episode' };
    const result = personDetails.safeParse(p);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.slice(0, 3)).toEqual(['combined_credits', 'cast', 0]);
  });
});

import type { KnownForItem, PersonSummary, ResponseOf } from '../../api/index.js';
import type { KnownForRef, PersonRow } from '../rows.js';
import type { ListMapping } from '../store-mapping.js';

/**
 * Popular people: each person merges into `people` with `known_for` kept as `{ media_type, id }` references,
 * and the works themselves merge into `movies` / `tvSeries`. A `known_for` item lacks `popularity` (and
 * sometimes `backdrop_path`): the merge keeps the values other responses stored.
 */
export const popularPeopleMapping: ListMapping<'popularPeople'> = {
  kind: 'list',
  userScoped: false,
  tables: ['people', 'movies', 'tvSeries'],
  toRows(data: ResponseOf<'popularPeople'>) {
    const people: Record<string, unknown>[] = [];
    const movies: Record<string, unknown>[] = [];
    const series: Record<string, unknown>[] = [];
    for (const person of data.results) {
      const known_for: KnownForRef[] = [];
      for (const item of person.known_for) {
        const { media_type, ...work } = item;
        known_for.push({ media_type, id: work.id });
        (media_type === 'movie' ? movies : series).push(work);
      }
      people.push({ ...person, known_for });
    }
    return {
      records: [
        { table: 'movies', rows: movies },
        { table: 'tvSeries', rows: series },
        { table: 'people', rows: people },
      ],
      page: { ids: data.results.map((person) => person.id) },
    };
  },
  async readItems(context, page) {
    const people = await context.records<PersonRow>('people', page.ids);
    if (!people) return undefined;
    const refs = people.flatMap((person) => person.known_for);
    const movieIds = refs.filter((ref) => ref.media_type === 'movie').map((ref) => ref.id);
    const seriesIds = refs.filter((ref) => ref.media_type === 'tv').map((ref) => ref.id);
    const [movies, series] = await Promise.all([
      context.records<Record<string, unknown>>('movies', movieIds),
      context.records<Record<string, unknown>>('tvSeries', seriesIds),
    ]);
    if (!movies || !series) return undefined;
    const works = {
      movie: new Map(movies.map((m) => [m.id as number, m])),
      tv: new Map(series.map((s) => [s.id as number, s])),
    };
    return people.map(
      (person): PersonSummary => ({
        ...person,
        known_for: person.known_for.map(
          (ref) => ({ ...works[ref.media_type].get(ref.id), media_type: ref.media_type }) as KnownForItem,
        ),
      }),
    );
  },
};

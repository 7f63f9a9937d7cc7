import type { KnownForItem, OperationName, PersonSummary, ResponseOf } from '../../api/index.js';
import type { KnownForRef, PersonRow } from '../tables/rows.js';
import type { ListMapping, ReadContext, RecordWrite } from './store-mapping.js';

/** The operations that answer a page of people with their `known_for` works (popular people, the person search). */
export type PersonListOperation = 'popularPeople' | 'searchPeople';

interface PersonRows {
  readonly people: Record<string, unknown>[];
  readonly movies: Record<string, unknown>[];
  readonly series: Record<string, unknown>[];
}

/** A person's row (with `known_for` kept as references) and their works' rows, added to `into`. */
export function personRows(person: PersonSummary, into: PersonRows): void {
  const known_for: KnownForRef[] = [];
  for (const item of person.known_for) {
    const { media_type, ...work } = item;
    known_for.push({ media_type, id: work.id });
    (media_type === 'movie' ? into.movies : into.series).push(work);
  }
  into.people.push({ ...person, known_for });
}

export function personRecordWrites(rows: PersonRows): RecordWrite[] {
  return [
    { table: 'movies', rows: rows.movies },
    { table: 'tvSeries', rows: rows.series },
    { table: 'people', rows: rows.people },
  ];
}

/** The people of `ids` as served, their `known_for` works rebuilt from the work tables; undefined when any is gone. */
export async function readPeople<O extends OperationName>(
  context: ReadContext<O>,
  ids: readonly number[],
): Promise<PersonSummary[] | undefined> {
  const people = await context.records<PersonRow>('people', ids);
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
}

/**
 * A page of people: each person merges into `people` with `known_for` kept as `{ media_type, id }` references,
 * and the works themselves merge into `movies` / `tvSeries`. A `known_for` item lacks `popularity` (and
 * sometimes `backdrop_path`): the merge keeps the values other responses stored.
 */
export function personListMapping<O extends PersonListOperation>(): ListMapping<O> {
  return {
    kind: 'list',
    userScoped: false,
    tables: ['people', 'movies', 'tvSeries'],
    toRows(data: ResponseOf<O>) {
      const rows: PersonRows = { people: [], movies: [], series: [] };
      for (const person of data.results) personRows(person, rows);
      return { records: personRecordWrites(rows), page: { ids: data.results.map((person) => person.id) } };
    },
    readItems: (context, page) => readPeople(context, page.ids as number[]),
  };
}

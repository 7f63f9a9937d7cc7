import type { SearchMultiItem } from '../../api/index.js';
import { personRecordWrites, personRows, readPeople } from './person-list-mapping.js';
import type { ListMapping } from './store-mapping.js';

type MediaType = SearchMultiItem['media_type'];

const TABLE_OF = { movie: 'movies', tv: 'tvSeries' } as const;

/**
 * `/3/search/multi`: each result merges into its kind's table (a person's works too, as the person search does).
 * The page keeps the ids in served order with each one's `media_type` beside it (`itemExtras`), since a movie and
 * a series may share an id. Every table the mapping names counts the page's ids as referenced, so eviction keeps
 * what a stored search needs (and at worst keeps a little more).
 */
export const searchMultiMapping: ListMapping<'searchMulti'> = {
  kind: 'list',
  userScoped: false,
  tables: ['movies', 'tvSeries', 'people'],
  toRows(data) {
    const rows = { people: [], movies: [], series: [] } as Parameters<typeof personRows>[1];
    const itemExtras: Record<number, Record<string, unknown>> = {};
    data.results.forEach((item, i) => {
      itemExtras[i] = { media_type: item.media_type };
      if (item.media_type === 'person') {
        const { media_type: _person, ...person } = item;
        personRows(person, rows);
        return;
      }
      const { media_type, ...record } = item;
      (media_type === 'movie' ? rows.movies : rows.series).push(record);
    });
    return { records: personRecordWrites(rows), page: { ids: data.results.map((item) => item.id), itemExtras } };
  },
  async readItems(context, page) {
    const kinds = page.ids.map((_, i) => page.itemExtras?.[i]?.media_type as MediaType | undefined);
    if (kinds.some((kind) => kind === undefined)) return undefined;
    const idsOf = (kind: MediaType) => page.ids.filter((_, i) => kinds[i] === kind) as number[];
    const [movies, series, people] = await Promise.all([
      context.records<Record<string, unknown>>(TABLE_OF.movie, idsOf('movie')),
      context.records<Record<string, unknown>>(TABLE_OF.tv, idsOf('tv')),
      readPeople(context, idsOf('person')),
    ]);
    if (!movies || !series || !people) return undefined;
    const next = { movie: 0, tv: 0, person: 0 };
    const found = { movie: movies, tv: series, person: people };
    return kinds.map((kind) => {
      const media = kind as MediaType;
      const record = found[media][next[media]++];
      return { ...record, media_type: media };
    });
  },
};

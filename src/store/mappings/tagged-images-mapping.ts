import type { ResponseOf } from '../../api/index.js';
import type { RecordTableName } from '../tables/record-tables.js';
import type { TaggedImageRow } from '../tables/rows.js';
import type { ListMapping } from './store-mapping.js';

/** Where the media of each tagged-image kind live. */
const mediaTable = { movie: 'movies', episode: 'episodes', tv: 'tvSeries' } as const satisfies Record<
  string,
  RecordTableName
>;
type MediaKind = keyof typeof mediaTable;

/**
 * A person's tagged images: each image is a row keyed by its string id that references its media, which
 * merge into movies / episodes / tvSeries. The envelope's `id` (the person) is kept on the page; the page
 * is keyed by the requested page although the service may claim `page: 0` (FACTS §3).
 */
export const taggedImagesMapping: ListMapping<'personTaggedImages'> = {
  kind: 'list',
  userScoped: false,
  tables: ['taggedImages', 'movies', 'episodes', 'tvSeries'],
  toRows(data: ResponseOf<'personTaggedImages'>) {
    const images: Record<string, unknown>[] = [];
    const media: Record<MediaKind, Record<string, unknown>[]> = { movie: [], episode: [], tv: [] };
    for (const image of data.results) {
      const { media: embedded, ...fields } = image;
      const { media_type: innerType, ...record } = embedded;
      media[image.media_type].push(record);
      const row: TaggedImageRow = { ...fields, media_id: record.id };
      if (innerType !== undefined) row.media_inner_type = innerType;
      images.push(row);
    }
    return {
      records: [
        { table: 'movies', rows: media.movie },
        { table: 'episodes', rows: media.episode },
        { table: 'tvSeries', rows: media.tv },
        { table: 'taggedImages', rows: images },
      ],
      page: { ids: data.results.map((image) => image.id), extra: { id: data.id } },
    };
  },
  async readItems(context, page) {
    const images = await context.records<TaggedImageRow>('taggedImages', page.ids);
    if (!images) return undefined;
    const kinds = Object.keys(mediaTable) as MediaKind[];
    const loaded = await Promise.all(
      kinds.map((kind) =>
        context.records<Record<string, unknown>>(
          mediaTable[kind],
          images.filter((image) => image.media_type === kind).map((image) => image.media_id),
        ),
      ),
    );
    const byKind = new Map<MediaKind, Map<number, Record<string, unknown>>>();
    for (const [i, rows] of loaded.entries()) {
      if (!rows) return undefined;
      byKind.set(kinds[i] as MediaKind, new Map(rows.map((row) => [row.id as number, row])));
    }
    return images.map(({ media_id, media_inner_type, ...image }) => {
      const record = byKind.get(image.media_type)?.get(media_id);
      return { ...image, media: media_inner_type === undefined ? record : { ...record, media_type: media_inner_type } };
    });
  },
};

import type { ResponseOf } from '../../api/index.js';
import type { ListRow } from '../tables/outbox-rows.js';
import type { ResourceMapping } from './store-mapping.js';

/**
 * A list's details, stored whole under the requested `list_id` (the service may answer `id` as a string). The
 * row is what `lists.removeItem` changes optimistically, so a view of the list drops the item at once.
 */
export const listDetailsMapping: ResourceMapping<'listDetails'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['lists'],
  toRows(data: ResponseOf<'listDetails'>, context) {
    const row = { ...data, list_id: context.params.list_id } as unknown as ListRow;
    return { records: [{ table: 'lists', rows: [row] }] };
  },
  async read(context) {
    const row = await context.record<ListRow>('lists', context.params.list_id);
    if (!row) return undefined;
    const { list_id: _id, ...details } = row;
    return details;
  },
};

import type * as z from 'zod/mini';
import { pagedEnvelope } from '../common.js';
import { schemaOf } from './schema-of.js';

/** The builder of a page of `item`s: the paged envelope, made on first use like the item. */
export function pagedOf<Item extends z.core.$ZodType>(item: () => Item) {
  return schemaOf(() => pagedEnvelope(item()));
}

import type * as z from 'zod/mini';
import * as build from './build/search-result.js';

/** A person among `/3/search/multi`'s results: the person search's item, with its `media_type`. */
export const searchPersonItem = /* @__PURE__ */ build.searchPersonItem();

/**
 * One result of `/3/search/multi`: a movie, a series or a person, told apart by `media_type`; each is the item the
 * service's own search of that kind returns.
 */
export const searchMultiItem = /* @__PURE__ */ build.searchMultiItem();

export type SearchMultiItem = z.output<typeof searchMultiItem>;

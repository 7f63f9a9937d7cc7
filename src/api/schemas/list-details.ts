import type * as z from 'zod/mini';
import * as build from './build/list-details.js';

/** An item of a v3 list: v3 lists hold movies only (FACTS §7), served with `media_type: "movie"`. */
export const listItem = /* @__PURE__ */ build.listItem();

/**
 * `GET /3/list/{list_id}`: the list a removal acts on. The service serves `id` as a string in its example and
 * as a number elsewhere; both are accepted. `page`/`total_pages`/`total_results` come only with newer answers.
 */
export const listDetails = /* @__PURE__ */ build.listDetails();

export type ListItem = z.output<typeof listItem>;
export type ListDetails = z.output<typeof listDetails>;

import type * as z from 'zod/mini';
import * as build from './build/genre.js';

/** A genre as details name it (summaries carry only `genre_ids`). */
export const genre = /* @__PURE__ */ build.genre();

export type Genre = z.output<typeof genre>;

import type * as z from 'zod/mini';
import * as build from './build/season-images.js';

export const imageFile = /* @__PURE__ */ build.imageFile();

/** The posters of one season; `id` is the season's id. */
export const seasonImages = /* @__PURE__ */ build.seasonImages();

export type ImageFile = z.output<typeof imageFile>;
export type SeasonImages = z.output<typeof seasonImages>;

import type * as z from 'zod/mini';
import * as build from './build/tagged-image.js';

/**
 * An image a person is tagged in. `media` is told apart by the outer `media_type`: a movie summary for
 * `movie`, an episode object for `episode` (and a series summary for `tv`, which the service also uses).
 */
export const taggedImage = /* @__PURE__ */ build.taggedImage();

/** The paged envelope, plus `id`: the person's id. */
export const taggedImagesPage = /* @__PURE__ */ build.taggedImagesPage();

export type TaggedImage = z.output<typeof taggedImage>;
export type TaggedImagesPage = z.output<typeof taggedImagesPage>;

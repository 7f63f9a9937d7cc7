import type * as z from 'zod/mini';
import * as build from './build/episode.js';

/** An episode as tagged images embed it (SPEC "Episode object"). */
export const episode = /* @__PURE__ */ build.episode();

export type Episode = z.output<typeof episode>;

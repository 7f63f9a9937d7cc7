import type * as z from 'zod/mini';
import * as build from './build/tv-changes.js';

/**
 * One item of `GET /3/tv/changes`: a series changed in the window. `adult` is null for some ids in the real
 * list (OpenAPI example), and captures add `softcore`; both are kept optional.
 */
export const changedSeries = /* @__PURE__ */ build.changedSeries();

export const tvChanges = /* @__PURE__ */ build.tvChanges();

export type ChangedSeries = z.output<typeof changedSeries>;
export type TvChanges = z.output<typeof tvChanges>;

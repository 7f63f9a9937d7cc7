import type * as z from 'zod/mini';
import * as build from './build/account-state.js';

/** `rated` is the boolean `false` when unrated, otherwise `{ value }` (FACTS §7). */
export const rated = /* @__PURE__ */ build.rated();

/** Favorite, watchlist and rating of one series or episode for the current user. */
export const accountState = /* @__PURE__ */ build.accountState();

export type Rated = z.output<typeof rated>;
export type AccountState = z.output<typeof accountState>;

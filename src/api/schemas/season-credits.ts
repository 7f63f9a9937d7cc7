import type * as z from 'zod/mini';
import * as build from './build/season-credits.js';

export const castMember = /* @__PURE__ */ build.castMember();

export const crewMember = /* @__PURE__ */ build.crewMember();

/** Cast and crew of one season; `id` is the season's id. */
export const seasonCredits = /* @__PURE__ */ build.seasonCredits();

export type CastMember = z.output<typeof castMember>;
export type CrewMember = z.output<typeof crewMember>;
export type SeasonCredits = z.output<typeof seasonCredits>;

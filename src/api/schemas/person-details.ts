import type * as z from 'zod/mini';
import * as build from './build/person-details.js';

/** A role: a movie or a series, told apart by `media_type`. */
export const castCredit = /* @__PURE__ */ build.castCredit();

/** A job on a movie or a series. */
export const crewCredit = /* @__PURE__ */ build.crewCredit();

/** `combined_credits` appended to a person: the sub-resource without its `id`. */
export const combinedCredits = /* @__PURE__ */ build.combinedCredits();

/**
 * `GET /3/person/{person_id}?append_to_response=combined_credits` (OpenAPI `person-details`); the library always
 * asks for the combined credits.
 */
export const personDetails = /* @__PURE__ */ build.personDetails();

export type CastCredit = z.output<typeof castCredit>;
export type CrewCredit = z.output<typeof crewCredit>;
export type CombinedCredits = z.output<typeof combinedCredits>;
export type PersonDetails = z.output<typeof personDetails>;

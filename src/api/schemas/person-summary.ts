import type * as z from 'zod/mini';
import * as build from './build/person-summary.js';

export const knownForItem = /* @__PURE__ */ build.knownForItem();

/** A person as the popular-people list gives them (SPEC "Person summary"). */
export const personSummary = /* @__PURE__ */ build.personSummary();

export type KnownForItem = z.output<typeof knownForItem>;
export type PersonSummary = z.output<typeof personSummary>;

import type * as z from 'zod/mini';
import * as build from './build/person-external-ids.js';

export const personExternalIds = /* @__PURE__ */ build.personExternalIds();

export type PersonExternalIds = z.output<typeof personExternalIds>;

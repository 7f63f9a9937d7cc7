import type * as z from 'zod/mini';
import * as build from './build/person-translations.js';

export const personTranslation = /* @__PURE__ */ build.personTranslation();

export const personTranslations = /* @__PURE__ */ build.personTranslations();

export type PersonTranslation = z.output<typeof personTranslation>;
export type PersonTranslations = z.output<typeof personTranslations>;

import type * as z from 'zod/mini';
import * as build from './build/configuration.js';

export const imageConfiguration = /* @__PURE__ */ build.imageConfiguration();

/** Image base addresses and size tokens, and every key a change feed may carry. */
export const configuration = /* @__PURE__ */ build.configuration();

export type ImageConfiguration = z.output<typeof imageConfiguration>;
export type Configuration = z.output<typeof configuration>;

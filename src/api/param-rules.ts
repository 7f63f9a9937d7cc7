import type { CrossParamRule } from './define-call.js';

export { optional } from './param-schema.js';

/** Shared pieces of the registry's entries: lifetimes, optional parameters, and rules spanning parameters. */

export const HOUR = 3600;
export const DAY = 24 * HOUR;

export const sessionOrGuest: CrossParamRule = {
  param: 'session_id',
  message: 'exactly one of session_id and guest_session_id is required',
  test: (p) => (p.session_id === undefined) !== (p.guest_session_id === undefined),
};

const FOURTEEN_DAYS_MS = 14 * DAY * 1000;

/** The service's change windows span at most 14 days (FACTS §6; a longer one is 422 code 20). */
export const changeWindow: CrossParamRule = {
  param: 'end_date',
  message: 'start_date must not be after end_date, and the window may span at most 14 days',
  test: (p) => {
    if (typeof p.start_date !== 'string' || typeof p.end_date !== 'string') return true;
    const span = Date.parse(p.end_date) - Date.parse(p.start_date);
    return span >= 0 && span <= FOURTEEN_DAYS_MS;
  },
};

export const rangeRule = (low: string, high: string): CrossParamRule => ({
  param: low,
  message: `${low} must not be greater than ${high}`,
  test: (p) => {
    const a = p[low];
    const b = p[high];
    if (a === undefined || b === undefined) return true;
    return (a as number | string) <= (b as number | string);
  },
});

export const watchParamsNeedRegion: CrossParamRule = {
  param: 'watch_region',
  message: 'watch_region is required with with_watch_providers or with_watch_monetization_types',
  test: (p) =>
    p.watch_region !== undefined ||
    (p.with_watch_providers === undefined && p.with_watch_monetization_types === undefined),
};

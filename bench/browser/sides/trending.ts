/**
 * What the three cold-first-content pages share (`cold-library`, `cold-tanstack-query`, `cold-fetch`): the
 * service's origin, the one request the baselines make and its key. A page is opened as `/?api=<origin>`: the fake
 * runs on an origin of its own, as the real service does beside an app, so every side pays the same CORS preflight.
 * Kept free of the library's imports, so the baselines' bundles hold none of it.
 */
import { LANGUAGE, type Row, TOKEN } from './shared.js';

/** The service's origin the runner passes in the page's URL. */
export function apiOrigin(): string {
  const api = new URLSearchParams(location.search).get('api');
  if (api === null) throw new Error('cold-first-content: the page was opened without ?api=<origin>');
  return api;
}

/** The trending TV params every side shows: page 1 of today's window. */
export const TRENDING_PARAMS = { time_window: 'day' } as const;

/** The URL the library sends for `trendingTv(TRENDING_PARAMS)` (the runner checks the library's against it). */
export const trendingUrl = (api: string) => `${api}/3/trending/tv/day?language=${LANGUAGE}`;

export interface TrendingPage {
  readonly results: readonly Row[];
}

/** The request the baselines make: the bearer token, the body parsed with `JSON.parse` (what `response.json` does). */
export async function fetchTrending(): Promise<TrendingPage> {
  const url = trendingUrl(apiOrigin());
  const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (response.status !== 200) throw new Error(`cold-first-content: ${url} answered ${response.status}`);
  return JSON.parse(await response.text()) as TrendingPage;
}

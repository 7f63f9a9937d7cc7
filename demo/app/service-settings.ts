/**
 * Which service the page talks to: the embedded fake on this origin by default, or another base URL and token
 * (the real service). Kept in this tab's session storage only: the token never reaches IndexedDB or a URL.
 */
import { DEMO_DB_NAME, DEMO_TOKEN } from './config.js';

const KEY = 'catalogue-demo-service';

export interface ServiceSettings {
  readonly baseUrl: string;
  readonly accessToken: string;
  /** One database per service, so the fake's data and a real service's never mix. */
  readonly dbName: string;
  /** The embedded fake on this origin (its worker refreshes in the background and caches its images). */
  readonly isFake: boolean;
}

export function currentSettings(): ServiceSettings {
  const fake: ServiceSettings = {
    baseUrl: location.origin,
    accessToken: DEMO_TOKEN,
    dbName: DEMO_DB_NAME,
    isFake: true,
  };
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return fake;
  try {
    const { baseUrl, accessToken } = JSON.parse(raw) as { baseUrl: string; accessToken: string };
    const url = new URL(baseUrl);
    return { baseUrl: url.origin, accessToken, dbName: `${DEMO_DB_NAME}-${url.host}`, isFake: false };
  } catch {
    return fake;
  }
}

export function saveSettings(baseUrl: string, accessToken: string): void {
  sessionStorage.setItem(KEY, JSON.stringify({ baseUrl: new URL(baseUrl).origin, accessToken }));
}

export function useEmbeddedFake(): void {
  sessionStorage.removeItem(KEY);
}

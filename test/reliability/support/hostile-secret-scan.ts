import type { Logger } from '../../../src/env.js';
import type { CatalogueEvents } from '../../../src/sync/catalogue-events.js';
import { serializeError } from '../../helpers/errors.js';

/**
 * Every event name `catalogue.on` takes, engine and queue alike. A record over the event map, so an event added to
 * `CatalogueEvents` is a type error here until the scan listens to it.
 */
const EVENT_NAMES_MAP: Record<keyof CatalogueEvents, true> = {
  progress: true,
  stored: true,
  quarantined: true,
  error: true,
  status: true,
  mutationFailed: true,
  mutationSent: true,
  changesApplied: true,
  evicted: true,
  signedIn: true,
  signedOut: true,
  stopped: true,
  request: true,
  response: true,
  retry: true,
  rateLimited: true,
  deduped: true,
  idle: true,
  stats: true,
};
export const EVENT_NAMES = Object.keys(EVENT_NAMES_MAP) as (keyof CatalogueEvents)[];

/** The forms a secret could take where it leaks: as is, URL-encoded (twice), base64 and base64url. */
export function secretForms(secret: string): string[] {
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  const base64url = Buffer.from(secret, 'utf8').toString('base64url');
  const encoded = encodeURIComponent(secret);
  return [...new Set([secret, encoded, encodeURIComponent(encoded), base64, base64.replace(/=+$/, ''), base64url])];
}

/** JSON of anything a listener or logger received, errors included with every own property and their causes. */
export function captureText(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Error) return serializeError(inner);
    if (typeof inner === 'bigint') return String(inner);
    return inner;
  });
}

export type Channel = 'url' | 'event' | 'log' | 'error';

/** What a session produced, by channel, and the secrets the service handed out during it. */
export class SecretScan {
  readonly captured: Record<Channel, string[]> = { url: [], event: [], log: [], error: [] };
  readonly sessionIds = new Set<string>();
  readonly requestTokens = new Set<string>();
  readonly eventCounts = new Map<string, number>();

  constructor(readonly token: string) {}

  add(channel: Channel, text: string): void {
    this.captured[channel].push(text);
  }

  /** A logger that keeps every line of every level with all its arguments. */
  logger(): Logger {
    const line =
      (level: string) =>
      (...args: unknown[]) =>
        this.add('log', captureText([level, ...args]));
    return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
  }

  /** Listens to every event of a catalogue. */
  listen(on: (event: keyof CatalogueEvents, listener: (...args: unknown[]) => void) => unknown): void {
    for (const event of EVENT_NAMES) {
      on(event, (...args: unknown[]) => {
        this.eventCounts.set(event, (this.eventCounts.get(event) ?? 0) + 1);
        this.add('event', captureText([event, ...args]));
      });
    }
  }

  /** Reads the credentials out of a response the service sent (a clone: the caller still reads the original). */
  async learnFrom(response: Response): Promise<void> {
    const text = await response.text().catch(() => '');
    for (const [key, into] of [
      ['session_id', this.sessionIds],
      ['guest_session_id', this.sessionIds],
      ['request_token', this.requestTokens],
    ] as const) {
      const match = new RegExp(`"${key}":"([^"]+)"`).exec(text);
      if (match?.[1]) into.add(match[1]);
    }
  }

  /** The forms of the given secrets found in `text`. */
  static find(text: string, secrets: Iterable<string>): string[] {
    const found: string[] = [];
    for (const secret of secrets) {
      for (const form of secretForms(secret)) if (text.includes(form)) found.push(form);
    }
    return found;
  }

  /** Every credential: the token, session ids, request tokens. */
  allSecrets(): string[] {
    return [this.token, ...this.sessionIds, ...this.requestTokens];
  }
}

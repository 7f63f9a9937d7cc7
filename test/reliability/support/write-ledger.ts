import { buildRequest } from '../../../src/api/build-request.js';
import { endpoints } from '../../../src/api/endpoints.js';
import { parseParams } from '../../../src/api/parse-params.js';
import type { FetchLike } from '../../../src/env.js';
import type { OutboxRow } from '../../../src/store/tables/outbox-rows.js';

/** Shares of write requests that meet each fault (drawn once per request, from a seeded stream). */
export interface WriteFaultRates {
  /** A 503 from a gateway: the service never saw the request. */
  readonly error: number;
  /** The connection resets before the request reached the service. */
  readonly resetBefore: number;
  /** The service committed the write, then the connection reset: the answer is lost. */
  readonly resetAfter: number;
}

/** One write the service handled (so its effect, if any, is committed), as the service saw it. */
export interface HandledWrite {
  readonly user: string;
  /** `METHOD /path body`: what the write does, without the credentials. */
  readonly key: string;
  readonly status: number;
}

/**
 * Faults on the writes, injected between the catalogue and the in-process service, so that the test knows for
 * every write whether the service committed it (the service's own fault log cannot tell a reset before the
 * handler from one after it).
 */
export class WriteLedger {
  readonly handled: HandledWrite[] = [];
  readonly injected = { error: 0, resetBefore: 0, resetAfter: 0 };
  /** Credential (session id or guest session id) → user label. */
  readonly users = new Map<string, string>();
  faultsOn = true;

  constructor(
    private readonly rates: WriteFaultRates,
    private readonly random: () => number,
  ) {}

  wrap(fetch: FetchLike): FetchLike {
    return async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'GET') return fetch(request);
      const url = new URL(request.url);
      const credential = url.searchParams.get('session_id') ?? url.searchParams.get('guest_session_id') ?? '';
      const user = this.users.get(credential) ?? 'unknown';
      const key = `${request.method} ${url.pathname} ${await request.clone().text()}`;
      const draw = this.random();
      const { error, resetBefore, resetAfter } = this.rates;
      if (this.faultsOn && draw < error) {
        this.injected.error += 1;
        const body = JSON.stringify({ success: false, status_code: 9, status_message: 'Service offline.' });
        return new Response(body, { status: 503, headers: { 'content-type': 'application/json' } });
      }
      if (this.faultsOn && draw < error + resetBefore) {
        this.injected.resetBefore += 1;
        throw new TypeError('fetch failed: connection reset');
      }
      const response = await fetch(request);
      // A captive portal's page is answered before the service: the write was not handled.
      if (!isPortalPage(response)) this.handled.push({ user, key, status: response.status });
      if (this.faultsOn && draw < error + resetBefore + resetAfter) {
        this.injected.resetAfter += 1;
        throw new TypeError('fetch failed: connection reset after the service answered');
      }
      return response;
    };
  }
}

function isPortalPage(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/** The write an outbox row sends, keyed like `HandledWrite.key`. */
export function writeKeyOf(row: OutboxRow, credentials: Record<string, unknown>): string {
  const { operation, params } = row.mutation;
  const parsed = parseParams(operation, { ...params, ...credentials } as never);
  const built = buildRequest(operation, parsed as never);
  const path = new URL(built.pathAndQuery, 'http://x').pathname;
  return `${endpoints[operation].method} ${path} ${built.body ?? ''}`;
}

/**
 * Whether `handled` splits into consecutive non-empty groups, one per row in order, where every write of a group is
 * one of its row's values and the group's last write is the row's final value (`rows[i]` lists row i's values,
 * oldest first). Repeats are replays after a lost answer; anything else (a write of no row, two rows swapped, a row
 * missing) fails.
 */
export function matchesRows(handled: readonly string[], rows: readonly (readonly string[])[]): boolean {
  const memo = new Map<string, boolean>();
  const match = (row: number, at: number): boolean => {
    if (row === rows.length) return at === handled.length;
    const key = `${row}:${at}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const values = rows[row] as readonly string[];
    let found = false;
    for (let j = at; j < handled.length && values.includes(handled[j] as string) && !found; j++) {
      found = handled[j] === values.at(-1) && match(row + 1, j + 1);
    }
    memo.set(key, found);
    return found;
  };
  return match(0, 0);
}

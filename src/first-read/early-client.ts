import { endpoints, type ResponseOf } from '../api/endpoints.js';
import type { ApiResponse } from '../api/parse-response.js';
import { catalogueClient } from '../catalogue-client.js';
import type { ResolvedCatalogueOptions } from '../catalogue-options.js';
import type { FetchLike } from '../env.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { answerFreshness, expiresAt } from '../sync/freshness.js';
import type { PreparedCall } from '../sync/prepare-call.js';
import { deepFreeze, type ViewSnapshot } from '../sync/view-snapshot.js';
import type { SentEarly } from './early-fetch.js';

/** A view's answer fetched by the front door before the core arrived, and the snapshot the view shows of it. */
export interface EarlyAnswer<O extends StoredOperation> {
  readonly response: ApiResponse<ResponseOf<O>>;
  readonly snapshot: ViewSnapshot<ResponseOf<O>>;
}

/**
 * The fetch the early client sends through: a GET of a URL the front door already sent takes that response (once),
 * its abort and timeout passed on to the request on the wire; anything else goes to `fetch`.
 */
function handOver(fetch: FetchLike, sent: SentEarly[]): FetchLike {
  return (input, init) => {
    const at = sent.findIndex((s) => s.url === String(input) && (init?.method ?? 'GET') === 'GET');
    if (at < 0) return fetch(input, init);
    const [taken] = sent.splice(at, 1) as [SentEarly];
    const signal = init?.signal;
    if (signal?.aborted) taken.controller.abort(signal.reason);
    else signal?.addEventListener('abort', () => taken.controller.abort(signal.reason), { once: true });
    return taken.response;
  };
}

export interface EarlyClient {
  /** Sends `call`, or takes its response from the request the front door already `sent` for it. */
  send<O extends StoredOperation>(call: PreparedCall<O>, sent?: SentEarly): Promise<EarlyAnswer<O>>;
}

/**
 * What a cold first visit sends before the core has loaded: its own chunk (the API client and the response
 * schemas, no Dexie, no queue), so a view's request leaves while the rest of the library is still on its way.
 * The answer is validated by the same client the core sends through, and shown as the snapshot the view's key
 * entry shows once the core has stored it: the store keeps a validated answer as served (the front door sends only
 * public answers that no pending change acts on), and the core writes it with the time it was received.
 */
export function earlyClient(resolved: ResolvedCatalogueOptions): EarlyClient {
  const sentEarly: SentEarly[] = [];
  const client = catalogueClient({ ...resolved, fetch: handOver(resolved.fetch, sentEarly) });
  return {
    async send<O extends StoredOperation>(call: PreparedCall<O>, sent?: SentEarly): Promise<EarlyAnswer<O>> {
      if (sent) sentEarly.push(sent);
      // Its response schema (made on first use) is made now, while the request is on the wire, not once it answers.
      void endpoints[call.request.operation].response;
      const response = await client.send(call.request);
      const expires = expiresAt(call.operation, response.maxAgeSeconds, response.receivedAt, resolved.freshness);
      const snapshot: ViewSnapshot<ResponseOf<O>> = Object.freeze({
        data: deepFreeze(response.data),
        status: answerFreshness(expires, resolved.clock.now()),
        fetching: false,
        error: undefined,
        updatedAt: response.receivedAt,
      });
      // The view shows the answer itself, frozen; the store's write, whose mappings are not written for frozen
      // input, takes a copy made when the core first asks for it, after first content rather than before it.
      let stored: ApiResponse<ResponseOf<O>> | undefined;
      return {
        snapshot,
        get response() {
          stored ??= { ...response, data: structuredClone(response.data) };
          return stored;
        },
      };
    },
  };
}

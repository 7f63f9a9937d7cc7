import { type ApiClient, createApiClient } from './api/create-api-client.js';
import type { ResolvedCatalogueOptions } from './catalogue-options.js';

/** The API client a catalogue sends through: its core's, and its front door's on a cold first visit. */
export function catalogueClient(resolved: ResolvedCatalogueOptions): ApiClient {
  return createApiClient({
    baseUrl: resolved.baseUrl,
    accessToken: resolved.accessToken,
    fetch: resolved.fetch,
    clock: resolved.clock,
    timeoutMs: resolved.timeoutMs,
    maxBodyBytes: resolved.maxBodyBytes,
  });
}

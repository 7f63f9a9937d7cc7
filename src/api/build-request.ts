import { calls, type OperationName, type ParsedParamsOf } from './calls.js';

/** A query value as sent: booleans as `true`/`false`, numbers in their shortest form. */
function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/**
 * Entries in canonical order (by key, code-unit order), skipping undefined. Canonical order makes equal
 * requests byte-equal, which in-flight dedup, request keys and the CDN's cache all rely on.
 */
function canonicalEntries(params: Record<string, unknown>): [string, string][] {
  return Object.keys(params)
    .filter((key) => params[key] !== undefined)
    .sort()
    .map((key) => [key, formatValue(params[key])]);
}

export function canonicalQueryString(params: Record<string, unknown>): string {
  return canonicalEntries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * A stable identity of an operation call: `operation?key=value&…` over all its parameters in canonical order.
 * Callers that must keep credentials out of keys pass parameters with the session ids already replaced.
 */
export function requestKey(operation: OperationName, params: Record<string, unknown>): string {
  const query = canonicalQueryString(params);
  return query ? `${operation}?${query}` : operation;
}

export interface BuiltRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Path and query only (`/3/…?…`), relative to the base URL. */
  readonly pathAndQuery: string;
  /** The JSON body of a write, or undefined. */
  readonly body: string | undefined;
}

/** Splits validated parameters into path, query and body, per the registry entry. */
export function buildRequest<O extends OperationName>(operation: O, params: Readonly<ParsedParamsOf<O>>): BuiltRequest {
  const endpoint = calls[operation];
  const all = params as Record<string, unknown>;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(formatValue(all[name])));
  const query: Record<string, unknown> = { ...endpoint.fixedQuery };
  for (const key of Object.keys(endpoint.query.shape)) query[key] = all[key];
  const queryString = canonicalQueryString(query);
  let body: string | undefined;
  if (endpoint.body) {
    const payload: Record<string, unknown> = {};
    for (const key of Object.keys(endpoint.body.shape)) if (all[key] !== undefined) payload[key] = all[key];
    body = JSON.stringify(payload);
  }
  return { method: endpoint.method, pathAndQuery: queryString ? `${path}?${queryString}` : path, body };
}

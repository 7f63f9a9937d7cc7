import type { Catalogue } from '../data/catalogue.js';
import type { IdCodec } from '../data/scale.js';
import type { ResolvedOptions } from './options.js';
import type { FakeState } from './state.js';
import { FakeFailure, fail, type HandlerResult, validationResult } from './status-codes.js';

/** One operation call as a handler sees it: raw path parameters, the query, the parsed JSON body. */
export interface OperationRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  /** Origin image URLs point at. */
  readonly origin: string;
  readonly now: number;
}

export interface FakeContext {
  readonly cat: Catalogue;
  readonly state: FakeState;
  readonly options: ResolvedOptions;
}

export type OperationHandler = (ctx: FakeContext, req: OperationRequest) => HandlerResult;

export const PAGE_SIZE = 20;

/** A record index from a path id; anything that is not an existing id is a 404 code 34, as on the service. */
export function pathIndex(req: OperationRequest, name: string, codec: IdCodec): number {
  const raw = req.params[name] ?? '';
  const index = /^\d{1,15}$/.test(raw) ? codec.index(Number(raw)) : undefined;
  return index ?? fail(34);
}

/** A numeric path id that is not a catalogue record (lists, accounts). */
export function pathId(req: OperationRequest, name: string): number {
  const raw = req.params[name] ?? '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : fail(34);
}

export function pathNumber(req: OperationRequest, name: string): number {
  const raw = req.params[name] ?? '';
  return /^\d{1,6}$/.test(raw) ? Number(raw) : fail(34);
}

/** `page`: absent → 1; not an integer or < 1 → 400 code 22; > 500 → 422 with the `errors` shape. */
export function pageOf(req: OperationRequest): number {
  const raw = req.query.get('page');
  if (raw === null) return 1;
  if (!/^-?\d+$/.test(raw.trim()) || Number(raw) < 1) fail(22);
  const page = Number(raw);
  if (page > 500) throw new FakeFailure(validationResult('page must be less than or equal to 500'));
  return page;
}

export function paged(page: number, results: unknown[], total: number): HandlerResult {
  return {
    status: 200,
    body: { page, results, total_pages: Math.ceil(total / PAGE_SIZE), total_results: total },
  };
}

/** Pages a precomputed order of record indexes. */
export function pageOfOrder(
  req: OperationRequest,
  order: ArrayLike<number>,
  item: (index: number) => unknown,
): HandlerResult {
  const page = pageOf(req);
  const start = (page - 1) * PAGE_SIZE;
  const results: unknown[] = [];
  for (let i = start; i < Math.min(order.length, start + PAGE_SIZE); i++) results.push(item(order[i] as number));
  return paged(page, results, order.length);
}

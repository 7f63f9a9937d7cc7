import type { OperationName } from '../../api/endpoints.js';
import { isOperationName } from '../../api/endpoints.js';
import { hash32, RecordRandom } from '../data/random.js';
import type { StatusCode } from './status-codes.js';

/** Failures to inject into one operation's answers. Rates are probabilities in [0, 1]. */
export interface FaultRule {
  /** Share of requests answered with a 500, 502, 503 or 504 status envelope. @default 0 */
  errorRate?: number;
  /** Delay before every answer, in clock milliseconds (the injected clock's timers, never real ones). @default 0 */
  latencyMs?: number;
  /** Extra uniform delay in [0, jitterMs). @default 0 */
  jitterMs?: number;
  /** Share of requests whose connection is reset: in-process the fetch rejects with `TypeError`. @default 0 */
  resetRate?: number;
  /** Share of successful answers whose JSON is truncated or malformed. @default 0 */
  malformedRate?: number;
  /** Share of successful answers whose payload violates the schema (a wrong type or a missing field). @default 0 */
  schemaViolationRate?: number;
  /**
   * Share of requests a captive portal answers instead of the service: `200 text/html`, the request never reaches
   * the handler (nothing is committed). Drawn from a stream of its own, so other rates keep their sequences.
   * @default 0
   */
  portalRate?: number;
}

export interface FaultOptions extends FaultRule {
  /** Seed of the fault sequence. @default the service's seed */
  seed?: number;
  /** Rules per operation; each field overrides the top-level one. */
  operations?: Partial<Record<OperationName, FaultRule>>;
}

export type FaultKind = 'none' | 'reset' | 'error' | 'malformed' | 'schema' | 'portal';

export interface FaultPlan {
  readonly kind: FaultKind;
  readonly delayMs: number;
  /** For `error`: the status envelope to answer with. */
  readonly errorCode: StatusCode;
  /** Picks the variant of a corruption. */
  readonly variant: number;
}

const RATES = ['errorRate', 'resetRate', 'malformedRate', 'schemaViolationRate', 'portalRate'] as const;
const ERROR_CODES: readonly StatusCode[] = [11, 43, 9, 24];
export const NO_FAULT: FaultPlan = { kind: 'none', delayMs: 0, errorCode: 11, variant: 0 };

function validateRule(rule: FaultRule, where: string): void {
  for (const key of RATES) {
    const rate = rule[key];
    if (rate !== undefined && !(rate >= 0 && rate <= 1)) {
      throw new TypeError(`faults: ${where}${key} must be a number in [0, 1]`);
    }
  }
  for (const key of ['latencyMs', 'jitterMs'] as const) {
    const ms = rule[key];
    if (ms !== undefined && !(ms >= 0 && Number.isFinite(ms))) {
      throw new TypeError(`faults: ${where}${key} must be a finite number ≥ 0`);
    }
  }
}

export function validateFaults(faults: FaultOptions): void {
  validateRule(faults, '');
  for (const [operation, rule] of Object.entries(faults.operations ?? {})) {
    if (!isOperationName(operation)) throw new TypeError(`faults: unknown operation ${operation}`);
    if (rule) validateRule(rule, `operations.${operation}.`);
  }
}

/** Draws a plan per request from a seeded stream: the same request sequence meets the same faults. */
export class FaultInjector {
  #faults: FaultOptions | undefined;
  #random: RecordRandom;
  #portal: RecordRandom;

  constructor(
    faults: FaultOptions | undefined,
    private readonly serviceSeed: number,
  ) {
    this.#faults = faults;
    this.#random = new RecordRandom(hash32(faults?.seed ?? serviceSeed, 0xfa));
    this.#portal = new RecordRandom(hash32(faults?.seed ?? serviceSeed, 0xfb));
  }

  set(faults: FaultOptions | undefined): void {
    if (faults) validateFaults(faults);
    this.#faults = faults;
    this.#random = new RecordRandom(hash32(faults?.seed ?? this.serviceSeed, 0xfa));
    this.#portal = new RecordRandom(hash32(faults?.seed ?? this.serviceSeed, 0xfb));
  }

  get(): FaultOptions | undefined {
    return this.#faults;
  }

  plan(operation: string): FaultPlan {
    const faults = this.#faults;
    if (!faults) return NO_FAULT;
    const rule: FaultRule = { ...faults, ...(faults.operations?.[operation as OperationName] ?? {}) };
    // Always draw the same number of values, so one operation's settings do not shift another's sequence.
    const [jitter, reset, error, pick, malformed, schema, variant] = Array.from({ length: 7 }, () =>
      this.#random.next(),
    ) as [number, number, number, number, number, number, number];
    const delayMs = (rule.latencyMs ?? 0) + Math.floor(jitter * (rule.jitterMs ?? 0));
    const errorCode = ERROR_CODES[Math.floor(pick * ERROR_CODES.length)] ?? 11;
    const variantIndex = Math.floor(variant * 2);
    let kind: FaultKind = 'none';
    const portalRate = rule.portalRate ?? 0;
    if (portalRate > 0 && this.#portal.next() < portalRate) kind = 'portal';
    else if (reset < (rule.resetRate ?? 0)) kind = 'reset';
    else if (error < (rule.errorRate ?? 0)) kind = 'error';
    else if (malformed < (rule.malformedRate ?? 0)) kind = 'malformed';
    else if (schema < (rule.schemaViolationRate ?? 0)) kind = 'schema';
    return { kind, delayMs, errorCode, variant: variantIndex };
  }
}

/** What a captive portal (a hotel's, a train's) answers to any request until the user signs in to it. */
export const PORTAL_PAGE =
  '<!doctype html><html><head><title>Welcome</title></head><body><form action="/login">Accept the terms to go online</form></body></html>';

/** A truncated body (cut in the middle) or a malformed one (a doubled colon). */
export function malformedBody(text: string, variant: number): string {
  return variant === 0 ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text.replace(':', '::');
}

function wrongType(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return 0;
  if (Array.isArray(value)) return {};
  return 'x';
}

/**
 * A payload that fails the operation's schema: the first result item loses its `id` (variant 1, when there is
 * one), or the first key gets a wrong JSON type. Every response schema requires and types its first key.
 */
export function schemaViolatingBody(body: unknown, variant: number): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const results = copy.results;
  if (variant === 1 && Array.isArray(results) && typeof results[0] === 'object' && results[0] !== null) {
    const { id: _dropped, ...rest } = results[0] as Record<string, unknown>;
    copy.results = [rest, ...results.slice(1)];
    return copy;
  }
  const first = Object.keys(copy)[0];
  if (first !== undefined) copy[first] = wrongType(copy[first]);
  return copy;
}

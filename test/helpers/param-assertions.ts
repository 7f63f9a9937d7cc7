import { expect } from 'vitest';
import { InvalidParamsError, isInvalidParamsError, type OperationName, parseParams } from '../../src/api-entry.js';
import { createTestClient, exampleParams } from './api-client.js';
import { rejectionOf } from './errors.js';
import { createRecordingFetch } from './recording-fetch.js';

/**
 * Assertions for parameter rules: a rejected case must fail with `InvalidParamsError` naming the parameter and a
 * useful rule, before anything is sent (the injected fetch is never called).
 */

/** One rejected input. */
export interface ParamCase {
  readonly operation: OperationName;
  /** Merged over the operation's minimal valid example (a key set to `undefined` is removed). */
  readonly params: Record<string, unknown>;
  /** The parameter the error must name. */
  readonly param: string;
  /** What the rule must say, when the default wording is not enough. */
  readonly rule?: RegExp;
}

/** `exampleParams[operation]` with `overrides` applied; `undefined` removes a key. */
export function withExample(operation: OperationName, overrides: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...exampleParams[operation], ...overrides };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged;
}

const label = (value: unknown) =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));

/** A readable test name: `operation param ← value`. */
export const caseName = (c: ParamCase) => `${c.operation} ${c.param} ← ${label(c.params[c.param] ?? c.params)}`;

/** Sends the case through a real client and asserts the rejection and that nothing was fetched. */
export async function expectRejected({ operation, params, param, rule }: ParamCase): Promise<void> {
  const fetch = createRecordingFetch();
  const client = createTestClient({ fetch });
  const error = await rejectionOf(client.request(operation, withExample(operation, params) as never));
  expect(error).toBeInstanceOf(InvalidParamsError);
  expect(isInvalidParamsError(error)).toBe(true);
  const invalid = error as InvalidParamsError;
  expect(invalid.operation).toBe(operation);
  expect(invalid.param).toBe(param);
  // A useful rule says what was expected, not only that something was wrong.
  expect(invalid.rule).not.toMatch(/^(Invalid input|invalid parameters)$/);
  expect(invalid.rule.length).toBeGreaterThan(8);
  if (rule) expect(invalid.rule).toMatch(rule);
  expect(invalid.message).toContain(param);
  expect(invalid.message).toContain(invalid.rule);
  expect(fetch.calls).toHaveLength(0);
}

/** The boundary is inside the rule: the example with `params` applied validates. */
export function expectAccepted(operation: OperationName, params: Record<string, unknown>): void {
  expect(() => parseParams(operation, withExample(operation, params))).not.toThrow();
}

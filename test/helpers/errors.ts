/**
 * Helpers for asserting on errors: capturing a rejection without unhandled-rejection noise, and flattening an
 * error with all its own properties (message, stack, cause, issues, …) for "this secret appears nowhere" checks.
 */

/** Resolves with what `promise` rejects with; rejects (failing the test) if it resolves instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`expected a rejection, got a resolution: ${JSON.stringify(value)}`);
}

/**
 * Every own property (enumerable or not, so `message`, `stack` and `cause` included) of an error, recursively,
 * as one string. Cycles are cut.
 */
export function serializeError(error: unknown): string {
  const seen = new WeakSet<object>();
  const walk = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value)) return '[cycle]';
    seen.add(value);
    if (Array.isArray(value)) return value.map(walk);
    const out: Record<string, unknown> = {};
    for (const key of Object.getOwnPropertyNames(value)) {
      out[key] = walk((value as Record<string, unknown>)[key]);
    }
    return out;
  };
  return JSON.stringify(walk(error), (_key, value: unknown) =>
    typeof value === 'bigint' || typeof value === 'function' ? String(value) : value,
  );
}

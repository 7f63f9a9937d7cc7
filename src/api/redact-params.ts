/** Parameters that are credentials (DESIGN, Contracts: "Credentials"): their values never reach a key, event or log. */
const CREDENTIAL_PARAMS: readonly string[] = ['session_id', 'guest_session_id', 'request_token'];

export const REDACTED = '[redacted]';

/** A copy of `params` with every credential value replaced by `[redacted]`. */
export function redactParams(params: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    copy[name] = CREDENTIAL_PARAMS.includes(name) && value !== undefined ? REDACTED : value;
  }
  return copy;
}

/**
 * The credential values of `params`, in a fixed order: what tells apart two calls whose redacted keys are equal (two
 * users' identical reads). For identities held in memory only; never put in a key that leaves the process.
 */
export function credentialsOf(params: Record<string, unknown>): unknown[] {
  return CREDENTIAL_PARAMS.map((name) => params[name]);
}

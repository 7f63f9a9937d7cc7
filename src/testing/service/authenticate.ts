import type { ResolvedOptions } from './options.js';

export interface Authentication {
  /** Whether the request may use the service. */
  readonly ok: boolean;
  /**
   * Whose rate window the request counts in. Both credentials belong to one application (the token's `aud` is the
   * key), so a valid one counts as the token; anything else counts under what it presented.
   */
  readonly principal: string;
}

function bearer(request: Request): string {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/**
 * v3 opens with either a valid `Authorization: Bearer <read access token>` or a valid `?api_key=<v3 key>` (FACTS §7).
 * Each credential is only valid in its own place: the key as bearer, or the token (a JWT) as `api_key`, is refused
 * like any wrong credential (401 code 7), the mix-up FACTS §7 reports. Where the real service is silent (both
 * given, one wrong) the valid one is enough.
 */
export function authenticate(request: Request, url: URL, options: ResolvedOptions): Authentication {
  const token = bearer(request);
  const key = url.searchParams.get('api_key');
  const ok = (token !== '' && token === options.accessToken) || (key !== null && key === options.apiKey);
  return { ok, principal: ok ? options.accessToken : token || (key ?? '') };
}

import { strictObject } from '../api/param-schema.js';
import { credentialParam, idParam } from '../api/schemas/params.js';

/** Who the per-user operations act for: a logged-in account with its session, or a guest session. */
export type UserCredentials = { account_id: number; session_id: string } | { guest_session_id: string };

const account = strictObject({ account_id: idParam, session_id: credentialParam });
const guest = strictObject({ guest_session_id: credentialParam });

/**
 * The current user as the engine holds it, in memory only. `id` is what keys, events, logs and user-scoped
 * rows carry; the session ids themselves are only ever injected into a request at send time.
 */
export interface UserScope {
  /** `account:<account_id>` or `guest:<first 16 hex of SHA-256 of the guest session id>`. */
  readonly id: string;
  readonly accountId: number | undefined;
  readonly credentials: UserCredentials;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Validates credentials and derives the scope id. A guest has no account id, so its scope id is a one-way hash of
 * the guest session: stable across reloads (the same guest finds their data) without revealing the credential.
 */
export async function createUserScope(credentials: unknown): Promise<UserScope> {
  const parsed = account.check(credentials);
  const checked = parsed.ok ? parsed : guest.check(credentials);
  if (!checked.ok) {
    throw new TypeError('setUser: expected { account_id, session_id } or { guest_session_id }');
  }
  const value: UserCredentials = checked.value;
  if ('account_id' in value) {
    return Object.freeze({ id: `account:${value.account_id}`, accountId: value.account_id, credentials: value });
  }
  const hash = await sha256Hex(value.guest_session_id);
  return Object.freeze({ id: `guest:${hash.slice(0, 16)}`, accountId: undefined, credentials: value });
}

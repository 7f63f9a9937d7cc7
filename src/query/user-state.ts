/**
 * The user's state, apart from the live user view so the first-read path can show `restoring` without loading it.
 */

/** Who is signed in, as views and events name them: the scope id, never a session id. */
export interface CatalogueUser {
  /** `account:<account_id>` or `guest:<hash>`. */
  readonly scopeId: string;
  readonly kind: 'account' | 'guest';
  readonly accountId: number | undefined;
}

/**
 * Where the user stands: `restoring` from the start until the last session's user has been read back (a signed-in
 * reload is not "signed out" for its first moments), then `signedIn` with the user, or `signedOut`.
 */
export type UserState =
  | { readonly status: 'restoring' | 'signedOut'; readonly user: undefined }
  | { readonly status: 'signedIn'; readonly user: CatalogueUser };

/** The state before the library knows: one shared object, also what a catalogue shows before its core has loaded. */
export const USER_RESTORING: UserState = Object.freeze({ status: 'restoring', user: undefined });

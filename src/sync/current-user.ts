import type { UserScope } from './user-scope.js';

/** What changed: a user became current or stopped being so (`ended` when their scope was signed out). */
export interface UserChange {
  readonly previous: UserScope | undefined;
  readonly current: UserScope | undefined;
  /** The scope signed out, here or in another tab (its reads are aborted, nothing of it is written). */
  readonly ended?: string;
}

/**
 * The one owner of who per-user operations act for: the current user scope (credentials in memory only) and the
 * scopes signed out since this instance started. Sessions set it; the engine and the views read it and hear of
 * each change.
 */
export class CurrentUser {
  #user: UserScope | undefined;
  /** Scopes signed out (here or in another tab) since this instance started, until signed in again. */
  readonly #ended = new Set<string>();
  readonly #listeners = new Set<(change: UserChange) => void>();

  get user(): UserScope | undefined {
    return this.#user;
  }

  /** Whether `scope` was signed out and not signed in again. */
  hasEnded(scope: string): boolean {
    return this.#ended.has(scope);
  }

  set(user: UserScope | undefined): void {
    if (user) this.#ended.delete(user.id);
    const previous = this.#user;
    this.#user = user;
    if (user?.id !== previous?.id) this.#tell({ previous, current: user });
  }

  /** A sign-out of `scope`, here or in another tab: it stops being current, and is told even when it was not. */
  end(scope: string): void {
    this.#ended.add(scope);
    const previous = this.#user;
    if (previous?.id === scope) this.#user = undefined;
    this.#tell({ previous, current: this.#user, ended: scope });
  }

  /** Calls `listener` at every change; returns the function that stops it. */
  onChange(listener: (change: UserChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #tell(change: UserChange): void {
    for (const listener of [...this.#listeners]) listener(change);
  }
}

import type { EventEmitter } from 'eventemitter3';
import type { Clock } from '../env.js';
import { namesUser } from '../store/purge-user-scope.js';
import type { CatalogueEvents } from './catalogue-events.js';
import { CurrentUser, type UserChange } from './current-user.js';
import type { ReadMarks } from './read-marks.js';
import { ScopeReads } from './scope-reads.js';
import type { UserScope } from './user-scope.js';

export interface EngineUserScopeDeps {
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly clock: Clock;
  /** What views read, not yet written: an ended scope's marks are dropped so sign-out leaves no trace. */
  readonly readMarks: ReadMarks;
}

/**
 * Who the engine's per-user reads act for, and what a user change means to them: sessions set the user (or end a
 * scope, here or in another tab), the engine runs each scoped read through `run` so a sign-out aborts it, and
 * `signedIn` / `signedOut` are emitted here.
 */
export class EngineUserScope {
  readonly #deps: EngineUserScopeDeps;
  readonly #users = new CurrentUser();
  /** The reads of each user scope, queued or in flight: a sign-out aborts them. */
  readonly #scopeReads = new ScopeReads((scope) => this.#users.hasEnded(scope));

  constructor(deps: EngineUserScopeDeps) {
    this.#deps = deps;
    // First of the user's listeners: a scope's reads have ended before any view follows the change.
    this.#users.onChange((change) => this.#changed(change));
  }

  get user(): UserScope | undefined {
    return this.#users.user;
  }

  /** Who per-user operations act for (sessions set it). */
  set(user: UserScope | undefined): void {
    this.#users.set(user);
  }

  /**
   * A sign-out of `userScope` (here or in another tab): its queued and in-flight reads are aborted, none of their
   * answers or errors is written, and it stops being the current user.
   */
  end(userScope: string): void {
    this.#users.end(userScope);
  }

  /** Whether `scope` was signed out and not signed in again. */
  hasEnded(scope: string): boolean {
    return this.#users.hasEnded(scope);
  }

  /** Calls `listener` whenever the current user changes; returns the function that stops it. */
  onChange(listener: () => void): () => void {
    return this.#users.onChange((change) => {
      if (change.previous?.id !== change.current?.id) listener();
    });
  }

  /** Runs a read of `scope` with a signal of its own, which a sign-out of the scope aborts (and `signal`, if any). */
  run<T>(scope: string, signal: AbortSignal | undefined, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.#scopeReads.run(scope, signal, read);
  }

  /** What a user change means here: events, and what an ended scope leaves behind. */
  #changed({ previous, current, ended }: UserChange): void {
    if (ended !== undefined) {
      // What views of the scope read is not written: sign-out leaves no trace of the user.
      this.#deps.readMarks.forget((ref) => namesUser(ref, ended));
      this.#scopeReads.end(ended);
    }
    if (previous?.id === current?.id) return;
    if (previous) this.#emit('signedOut', previous);
    if (current) this.#emit('signedIn', current);
  }

  #emit(event: 'signedIn' | 'signedOut', user: UserScope): void {
    const kind = user.accountId === undefined ? 'guest' : 'account';
    this.#deps.emitter.emit(event, { userScope: user.id, kind, at: this.#deps.clock.now() });
  }
}

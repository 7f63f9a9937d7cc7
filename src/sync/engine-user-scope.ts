import type { EventEmitter } from 'eventemitter3';
import type { Clock } from '../env.js';
import { namesUser } from '../store/auth/purge-user-scope.js';
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
 * The current user (`CurrentUser`: sessions set it, or end a scope here or in another tab) and what a change
 * means to the engine: its per-user reads run through `run`, so a sign-out aborts them, and `signedIn` /
 * `signedOut` are emitted here.
 */
export class EngineUserScope extends CurrentUser {
  readonly #deps: EngineUserScopeDeps;
  /** The reads of each user scope, queued or in flight: a sign-out aborts them. */
  readonly #scopeReads = new ScopeReads((scope) => this.hasEnded(scope));

  constructor(deps: EngineUserScopeDeps) {
    super();
    this.#deps = deps;
    // First of the user's listeners: a scope's reads have ended before any view follows the change.
    this.onChange((change) => this.#changed(change));
  }

  /** Calls `listener` whenever the current user is another one; returns the function that stops it. */
  onUserChange(listener: () => void): () => void {
    return this.onChange((change) => {
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

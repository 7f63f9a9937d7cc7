import { ScopeEndedError } from '../errors/scope-ended-error.js';

/**
 * The reads of each user scope under way, so that a sign-out ends them: each runs with a signal of its own, which
 * the caller's signal and the scope's end both abort, and a read of an ended scope fails with `ScopeEndedError`.
 */
export class ScopeReads {
  readonly #reads = new Map<string, Set<AbortController>>();
  readonly #hasEnded: (scope: string) => boolean;

  constructor(hasEnded: (scope: string) => boolean) {
    this.#hasEnded = hasEnded;
  }

  /** Runs `read` for `scope` with its own signal. */
  async run<T>(scope: string, signal: AbortSignal | undefined, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#hasEnded(scope)) throw new ScopeEndedError(scope);
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const reads = this.#reads.get(scope) ?? new Set();
    this.#reads.set(scope, reads);
    reads.add(controller);
    try {
      return await read(controller.signal);
    } catch (error) {
      throw this.#hasEnded(scope) ? new ScopeEndedError(scope) : signal?.aborted ? signal.reason : error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      reads.delete(controller);
      if (reads.size === 0 && this.#reads.get(scope) === reads) this.#reads.delete(scope);
    }
  }

  /** The scope ended (signed out): its reads under way are aborted. */
  end(scope: string): void {
    for (const controller of this.#reads.get(scope) ?? []) controller.abort(new ScopeEndedError(scope));
    this.#reads.delete(scope);
  }
}

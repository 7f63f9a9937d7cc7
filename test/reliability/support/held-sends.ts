import type { FetchLike } from '../../../src/env.js';

/**
 * Holds one tab's next write on the wire until its request is aborted (the tab closes: a reload mid-send), either
 * before it reaches the service or after the service committed it. Reads pass.
 */
export class HeldSends {
  #armed: { commit: boolean } | undefined;
  #caught = false;
  #releases: (() => void)[] = [];

  /** Holds the next write, `commit`ted by the service first or not. */
  arm(commit: boolean): void {
    this.#armed = { commit };
    this.#caught = false;
  }

  disarm(): void {
    this.#armed = undefined;
  }

  /** Whether the armed hold caught a write. */
  get caught(): boolean {
    return this.#caught;
  }

  /** Lets every held write go (their tab is gone: what they answer reaches nobody that may write it). */
  releaseAll(): void {
    for (const release of this.#releases.splice(0)) release();
  }

  wrap(fetch: FetchLike): FetchLike {
    return async (input, init) => {
      const request = new Request(input, init);
      const armed = this.#armed;
      if (request.method === 'GET' || armed === undefined) return fetch(request);
      this.#armed = undefined;
      this.#caught = true;
      const response = armed.commit ? await fetch(request) : undefined;
      await new Promise<void>((resolve, reject) => {
        const aborted = () => reject(request.signal.reason ?? new DOMException('aborted', 'AbortError'));
        if (request.signal.aborted) aborted();
        request.signal.addEventListener('abort', aborted, { once: true });
        this.#releases.push(resolve);
      });
      return response ?? fetch(request);
    };
  }
}

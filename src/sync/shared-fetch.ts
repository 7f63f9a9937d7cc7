import type { Priority } from '../queue/priority.js';
import type { WriteResult } from '../store/records/write-response.js';
import type { FetchOptions } from './key-entry-deps.js';

/** How a fetch is sent: the key entry's network path, with the signal that cancels it. */
export type SendFetch = (options: {
  priority: Priority;
  force: boolean;
  derive: boolean;
  signal: AbortSignal;
}) => Promise<WriteResult>;

/** What the owner of a `SharedFetch` hears: a fetch started, and the current one landed. */
export interface SharedFetchHooks {
  /** A new fetch is the current one (not called for a `quiet` start: its caller tells its listeners). */
  readonly started: () => void;
  /** The current fetch ended: stored (`result`), failed (`error`), or aborted because nobody waited any more. */
  readonly landed: (outcome: { result: WriteResult } | { error: unknown; aborted: boolean }) => void;
}

/** One fetch of a key, shared by everyone waiting for it; aborted when the last of them leaves. */
interface Flight {
  readonly promise: Promise<WriteResult>;
  readonly controller: AbortController;
  holders: number;
}

/**
 * A key's one fetch in flight, shared by every caller at once (unless forced): each caller holds it until its
 * answer or its own signal, and the observers hold it together, until their last one leaves. The fetch is
 * aborted when nobody holds it any more. A forced fetch replaces the current one; the one replaced lands
 * unheard.
 */
export class SharedFetch {
  readonly #send: SendFetch;
  readonly #hooks: SharedFetchHooks;
  #flight: Flight | undefined;
  /** The observers' hold on the flight they started or joined (released when the last observer leaves). */
  #observersHold: (() => void) | undefined;

  constructor(send: SendFetch, hooks: SharedFetchHooks) {
    this.#send = send;
    this.#hooks = hooks;
  }

  get inFlight(): boolean {
    return this.#flight !== undefined;
  }

  /**
   * One caller's fetch: its signal withdraws only this caller (rejecting its promise with the signal's reason);
   * the fetch goes on while anyone else waits.
   */
  fetch(options: FetchOptions): Promise<WriteResult> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const flight = this.#flightFor(options, false);
    const release = this.#hold(flight);
    if (!signal) return flight.promise.finally(release);
    return new Promise<WriteResult>((resolve, reject) => {
      const onAbort = () => {
        release();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (result) => {
          signal.removeEventListener('abort', onAbort);
          release();
          resolve(result);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          release();
          reject(error);
        },
      );
    });
  }

  /** The observers' fetch, held by them until it lands or `releaseObservers()`; `quiet` as in `SharedFetchHooks`. */
  forObservers(options: FetchOptions, quiet: boolean): Promise<WriteResult> {
    const flight = this.#flightFor(options, quiet);
    if (!this.#observersHold) {
      const release = this.#hold(flight, () => {
        if (this.#observersHold === release) this.#observersHold = undefined;
      });
      this.#observersHold = release;
      flight.promise.then(release, release);
    }
    return flight.promise;
  }

  /** The last observer left: their hold ends (a fetch nobody else waits for is aborted). */
  releaseObservers(): void {
    this.#observersHold?.();
    this.#observersHold = undefined;
  }

  /** The flight to join or a new one. */
  #flightFor(options: FetchOptions, quiet: boolean): Flight {
    if (this.#flight && !options.force) return this.#flight;
    const controller = new AbortController();
    const promise = this.#send({
      priority: options.priority ?? 'interactive',
      force: options.force === true,
      derive: options.derive === true,
      signal: controller.signal,
    });
    const flight: Flight = { promise, controller, holders: 0 };
    this.#flight = flight;
    if (!quiet) this.#hooks.started();
    promise.then(
      (result) => this.#landed(flight, { result }),
      (error: unknown) => this.#landed(flight, { error, aborted: controller.signal.aborted }),
    );
    return flight;
  }

  /** Holds `flight`; returns the release, which runs once (`first`, then the release itself). */
  #hold(flight: Flight, first?: () => void): () => void {
    flight.holders += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      first?.();
      flight.holders -= 1;
      // Nobody is left to show or await it: a fetch still queued is cancelled.
      if (flight.holders <= 0 && this.#flight === flight) flight.controller.abort();
    };
  }

  #landed(flight: Flight, outcome: { result: WriteResult } | { error: unknown; aborted: boolean }): void {
    if (this.#flight !== flight) return;
    this.#flight = undefined;
    this.#hooks.landed(outcome);
  }
}

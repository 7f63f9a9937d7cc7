import type { Priority } from './priority.js';

/** How a caller of `request()` treats being offline. */
export type OfflineMode = 'wait' | 'fail';

interface Caller {
  readonly offline: OfflineMode;
  leave(reason: unknown): void;
}

/**
 * One request on its way to the service and everyone waiting for it. Identical GETs share one: each caller
 * has its own promise and may leave (abort) on its own; the shared send is aborted only when the last caller
 * leaves, so one impatient view never cancels what another still waits for.
 */
export class SharedRequest<T> {
  readonly controller = new AbortController();
  readonly #callers = new Set<Caller>();
  #promise: Promise<T> | undefined;
  #settled = false;
  /** The p-queue task id of the current attempt, for raising its priority while it waits. */
  taskId: string | undefined;
  /** Whether an attempt is on the wire. */
  inFlight = false;

  constructor(
    readonly id: number,
    public priority: Priority,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get settled(): boolean {
    return this.#settled;
  }

  /** Starts the shared work once; its outcome reaches every caller still attached. */
  start(run: (request: this) => Promise<T>): Promise<T> {
    this.#promise ??= run(this).finally(() => {
      this.#settled = true;
    });
    return this.#promise;
  }

  /** A new caller: its promise settles with the shared outcome, or with its own signal's reason if it leaves first. */
  join(signal: AbortSignal | undefined, offline: OfflineMode): Promise<T> {
    const promise = this.#promise;
    if (!promise) throw new Error('SharedRequest.join before start');
    return new Promise<T>((resolve, reject) => {
      const detach = (): boolean => {
        signal?.removeEventListener('abort', onAbort);
        return this.#callers.delete(caller);
      };
      const caller: Caller = {
        offline,
        leave: (reason) => {
          if (!detach()) return;
          reject(reason);
          if (this.#callers.size === 0 && !this.#settled) this.controller.abort(reason);
        },
      };
      const onAbort = () => caller.leave(signal?.reason);
      this.#callers.add(caller);
      signal?.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => detach() && resolve(value),
        (error: unknown) => detach() && reject(error),
      );
    });
  }

  /** Rejects the callers that asked not to wait for connectivity (the last one leaving aborts the send). */
  failFast(reason: () => unknown): void {
    for (const caller of [...this.#callers]) if (caller.offline === 'fail') caller.leave(reason());
  }

  /** Rejects every caller and aborts the send. */
  abort(reason: unknown): void {
    for (const caller of [...this.#callers]) caller.leave(reason);
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}

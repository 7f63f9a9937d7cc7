/**
 * The channel instances of one database talk on to share the rate budget: the platform's `BroadcastChannel`
 * (tabs and workers of one origin), or an in-process stand-in with the same shape where there is none or where
 * the database is an injected one (Node tests: instances share a budget when they share an IndexedDB factory).
 */

/** The part of `BroadcastChannel` the library uses. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** Opens a channel by name, like `(name) => new BroadcastChannel(name)`. */
export type BroadcastChannelFactory = (name: string) => BroadcastChannelLike;

type Listener = (event: { data: unknown }) => void;

/**
 * Channels within one realm: a message reaches every other open channel of the same name (never the sender), in
 * a microtask, structured-cloned, as `BroadcastChannel` delivers. No timers: virtual-clock tests stay exact.
 */
export function createInProcessChannels(): BroadcastChannelFactory {
  const open = new Map<string, Set<InProcessChannel>>();

  class InProcessChannel implements BroadcastChannelLike {
    readonly #listeners = new Set<Listener>();
    #closed = false;
    constructor(readonly name: string) {
      const peers = open.get(name) ?? new Set();
      open.set(name, peers);
      peers.add(this);
    }
    postMessage(message: unknown): void {
      if (this.#closed) throw new DOMException('the channel is closed', 'InvalidStateError');
      const peers = open.get(this.name);
      // Alone on the channel (a single tab's start): nobody to clone for.
      if (!peers || peers.size < 2) return;
      const data = structuredClone(message);
      for (const peer of peers) {
        if (peer !== this) queueMicrotask(() => peer.#deliver(data));
      }
    }
    #deliver(data: unknown): void {
      if (this.#closed) return;
      for (const listener of [...this.#listeners]) listener({ data });
    }
    addEventListener(_type: 'message', listener: Listener): void {
      this.#listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: Listener): void {
      this.#listeners.delete(listener);
    }
    close(): void {
      this.#closed = true;
      this.#listeners.clear();
      const peers = open.get(this.name);
      peers?.delete(this);
      if (peers?.size === 0) open.delete(this.name);
    }
  }

  return (name) => new InProcessChannel(name);
}

/** The realm's `BroadcastChannel` as a factory, or undefined where there is none. Read at call time. */
export function platformChannels(): BroadcastChannelFactory | undefined {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike }).BroadcastChannel;
  return typeof Channel === 'function' ? (name) => new Channel(name) : undefined;
}

import type { BroadcastChannelFactory, BroadcastChannelLike } from './budget-channel.js';

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

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

/** The realm's `BroadcastChannel` as a factory, or undefined where there is none. Read at call time. */
export function platformChannels(): BroadcastChannelFactory | undefined {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike }).BroadcastChannel;
  return typeof Channel === 'function' ? (name) => new Channel(name) : undefined;
}

/**
 * The message a page sends a waiting worker to take over: the same one `workbox-window`'s `messageSkipWaiting()`
 * and `vite-plugin-pwa`'s `registerSW` send, so the worker side answers any of them.
 */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/** `{ type: 'SKIP_WAITING' }`. */
export type SkipWaitingMessage = typeof SKIP_WAITING;

/** Whether a `message` event's data asks the worker to take over. */
export function isSkipWaitingMessage(value: unknown): value is SkipWaitingMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === SKIP_WAITING.type;
}

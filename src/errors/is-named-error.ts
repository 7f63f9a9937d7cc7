/**
 * Guards match by `instanceof` first and then by `name`, because errors cross realms: a service worker's
 * error arrives in a page through `postMessage` as a plain object with the same `name`.
 */
export function isNamedError<T extends Error>(
  value: unknown,
  ctor: abstract new (...args: never[]) => T,
  name: string,
): value is T {
  if (value instanceof ctor) return true;
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name;
}

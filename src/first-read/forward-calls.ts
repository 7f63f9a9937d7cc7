/** Methods that only forward to the loaded catalogue: each returns a promise, so it may wait for it. */
export function forwardCalls<T extends object>(target: () => Promise<T>, names: readonly (keyof T)[]): T {
  const calls: Record<string, unknown> = {};
  for (const name of names) {
    calls[name as string] = (...args: unknown[]) =>
      target().then((object) => (object[name] as (...a: unknown[]) => unknown)(...args));
  }
  return calls as T;
}

/**
 * Calls every listener of a snapshot change. One broken listener must not starve the others: its error still
 * surfaces, like `reportError`, in a microtask of its own. The set is copied first, so a listener that
 * unsubscribes (or subscribes another) during the call changes nothing for this change.
 */
export function notifyListeners(listeners: Iterable<() => void>): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/**
 * A view with nothing to show that has waited this long for the service is "taking longer": a connection that
 * accepts and never answers would otherwise read "Loading…" until the library's own timeouts and retries end.
 */
export const SLOW_ANSWER_MS = 8_000;

/**
 * Follows whether a view is waiting on an answer with nothing to show; `isSlow()` turns true once it has waited
 * SLOW_ANSWER_MS, and `onSlow` is called then (the panel reports it to the screen's notice).
 */
export function slowAnswer(onSlow: () => void): { update(waiting: boolean): void; isSlow(): boolean; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let slow = false;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    update(waiting) {
      if (!waiting) {
        stop();
        slow = false;
        return;
      }
      if (timer !== undefined || slow) return;
      timer = setTimeout(() => {
        timer = undefined;
        slow = true;
        onSlow();
      }, SLOW_ANSWER_MS);
    },
    isSlow: () => slow,
    stop,
  };
}

type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and resumes in a new one, so the page's input and rendering run between one response's
 * work and the next. Without it, answers that arrive together (a list's pages from the cache, a fast link) are
 * parsed and written in one chain of microtasks: one task of hundreds of milliseconds, however small each page.
 * `scheduler.yield()` where the platform has it (it resumes ahead of other queued work); `setImmediate` in Node;
 * else a message to itself, which browsers do not clamp the way they clamp nested zero-delay timers.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => immediate(resolve));
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Main-thread tasks from a Chromium trace over the DevTools protocol: `Tracing.start` with the `toplevel` category
 * only (`devtools.timeline` adds an event per function call and carries no task event in this Chromium), events
 * streamed (`ReportEvents`) and filtered as they arrive, so a long run's trace is never held whole. A task is a
 * top-level `RunTask` on the renderer main thread (`CrRendererMain`):
 * one not nested in another on the same thread. The renderer is the one whose main thread was busiest (the
 * benchmark's page; other renderers idle).
 */
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** The thread's CPU time over the event, µs (where the platform reports it). */
  readonly tdur?: number;
  readonly args?: { name?: string };
}

export interface MainThreadTasks {
  /** Σ top-level task durations, ms. */
  readonly busyMs: number;
  readonly tasks: number;
  /** Tasks longer than 16 ms (a frame at 60 Hz). */
  readonly over16: number;
  /** Tasks of 50 ms or more (long tasks). */
  readonly atLeast50: number;
  /** Total blocking time: Σ max(0, task − 50 ms), ms. */
  readonly tbtMs: number;
  /** The longest task, ms. */
  readonly longestMs: number;
  /**
   * The same from the thread's CPU time (`tdur`) rather than wall time, or null where the trace has none. On a
   * loaded machine a task's wall duration includes the time its thread waited for a core; its CPU time does not.
   */
  readonly cpu: { readonly busyMs: number; readonly atLeast50: number; readonly longestMs: number } | null;
}

/**
 * A task's event: `RunTask` in older Chromium's `devtools.timeline`; Chromium 156 (Debian's, here) emits the
 * scheduler's `ThreadControllerImpl::RunTask` in `toplevel` and no `RunTask` at all.
 */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export class MainThreadTrace {
  readonly #cdp: CDPSession;
  #tasks: TraceEvent[] = [];
  #mainThreads = new Set<string>();
  #complete: Promise<void> | undefined;

  constructor(cdp: CDPSession) {
    this.#cdp = cdp;
    cdp.on('Tracing.dataCollected', ({ value }) => {
      for (const event of value as unknown as TraceEvent[]) {
        if (event.ph === 'X' && TASK_NAMES.has(event.name)) this.#tasks.push(event);
        else if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain') {
          this.#mainThreads.add(`${event.pid}:${event.tid}`);
        }
      }
    });
  }

  async start(): Promise<void> {
    this.#tasks = [];
    this.#complete = new Promise((resolve) => this.#cdp.once('Tracing.tracingComplete', () => resolve()));
    await this.#cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: ['toplevel'], recordMode: 'recordContinuously' },
    });
  }

  async stop(): Promise<MainThreadTasks> {
    await this.#cdp.send('Tracing.end');
    await this.#complete;
    const byThread = new Map<string, TraceEvent[]>();
    for (const task of this.#tasks) {
      const thread = `${task.pid}:${task.tid}`;
      if (!this.#mainThreads.has(thread)) continue;
      const list = byThread.get(thread) ?? [];
      list.push(task);
      byThread.set(thread, list);
    }
    let best: MainThreadTasks | undefined;
    for (const tasks of byThread.values()) {
      const figures = topLevel(tasks);
      if (!best || figures.busyMs > best.busyMs) best = figures;
    }
    if (!best) throw new Error('trace: no RunTask on a renderer main thread (is the toplevel category traced?)');
    return best;
  }
}

function topLevel(events: TraceEvent[]): MainThreadTasks {
  const sorted = [...events].sort((a, b) => a.ts - b.ts);
  const durations: number[] = [];
  const cpu: number[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const event of sorted) {
    if (event.ts < end) continue;
    const dur = event.dur ?? 0;
    durations.push(dur / 1000);
    if (event.tdur !== undefined) cpu.push(event.tdur / 1000);
    end = event.ts + dur;
  }
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    busyMs: r(durations.reduce((sum, d) => sum + d, 0)),
    tasks: durations.length,
    over16: durations.filter((d) => d > 16).length,
    atLeast50: durations.filter((d) => d >= 50).length,
    tbtMs: r(durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
    longestMs: r(durations.reduce((max, d) => Math.max(max, d), 0)),
    cpu:
      cpu.length === durations.length && cpu.length > 0
        ? {
            busyMs: r(cpu.reduce((sum, d) => sum + d, 0)),
            atLeast50: cpu.filter((d) => d >= 50).length,
            longestMs: r(cpu.reduce((max, d) => Math.max(max, d), 0)),
          }
        : null,
  };
}

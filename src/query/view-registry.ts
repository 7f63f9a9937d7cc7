import type { LiveSource } from './live-source.js';
import type { ViewSnapshot } from './view-snapshot.js';

/**
 * The sources that have listeners, by key: every view of one request key shares one source (one live query,
 * one AbortController) while anyone listens, and the source is forgotten when the last listener leaves.
 */
export class ViewRegistry<Source extends LiveSource<ViewSnapshot<unknown>>> {
  readonly #sources = new Map<string, Source>();

  /** The source of `key`, created by `create` when nobody holds one; subscribe to it right away. */
  acquire(key: string, create: () => Source): Source {
    const existing = this.#sources.get(key);
    if (existing) return existing;
    const source = create();
    source.onIdle = () => {
      if (this.#sources.get(key) === source) this.#sources.delete(key);
    };
    this.#sources.set(key, source);
    return source;
  }

  peek(key: string): Source | undefined {
    return this.#sources.get(key);
  }

  /** How many keys have listeners (for tests and diagnostics). */
  get size(): number {
    return this.#sources.size;
  }
}

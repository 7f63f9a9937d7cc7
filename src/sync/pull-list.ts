import type { EventEmitter } from 'eventemitter3';
import { MAX_PAGE } from '../api/schemas/params.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { WriteResult } from '../store/records/write-response.js';
import type { CatalogueEvents } from './catalogue-events.js';
import type { BrowseEviction } from './eviction.js';
import type { KnownFreshness } from './known-freshness.js';
import type { CatalogueParams, PreparedCall } from './prepare-call.js';
import { pullListPages, storedPageSummary } from './pull-list-pages.js';
import type { ListOperation, PullListOptions, PullListResult, PullOptions } from './pull-options.js';

/** The engine's parts a list's paging uses. */
export interface PullListDeps {
  readonly db: CatalogueDatabase;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly eviction: BrowseEviction;
  /** The queue's concurrency: the window of pages held from request to write is twice it. */
  readonly options: { readonly rateLimit: { readonly concurrency: number } };
}

/**
 * Pages through a list from page 1: `pages` pages, or all of them up to `total_pages` clamped to 500. Later
 * pages go through the queue together; `progress` reports each page done.
 */
export async function pullList<O extends ListOperation>(
  deps: PullListDeps,
  /** Where the pages' freshness rows are read ahead, in one transaction. */
  known: KnownFreshness,
  /** Prepares one page's call for the current user (it throws once the engine is closed). */
  prepare: (params: CatalogueParams<O>) => PreparedCall<O>,
  /** A pull through the key's entry: concurrent pulls of a page share one fetch. */
  fetch: (call: PreparedCall<O>, options: PullOptions) => Promise<WriteResult>,
  operation: O,
  params: CatalogueParams<O> | undefined,
  options: PullListOptions,
): Promise<PullListResult> {
  const { pages } = options;
  if (pages !== 'all' && !(Number.isInteger(pages) && pages >= 1)) {
    throw new TypeError(`pullList: pages must be a positive integer or 'all', got ${String(pages)}`);
  }
  const base = { ...(params ?? {}) } as Record<string, unknown>;
  delete base.page;
  const pullOptions = { ...(options.priority ? { priority: options.priority } : {}), signal: options.signal };
  const paramsOf = (page: number) => ({ ...base, page }) as unknown as CatalogueParams<O>;
  /** Each page's call, prepared once for its pull and its read. */
  const calls = new Map<number, PreparedCall<O>>();
  const callOf = (page: number) => {
    const call = calls.get(page) ?? prepare(paramsOf(page));
    calls.set(page, call);
    return call;
  };
  // Its pages are read back after their pulls: a budget must not evict them meanwhile. Enforced once it is done.
  const hold = deps.eviction.hold();
  const wanted = pages === 'all' ? MAX_PAGE : Math.min(pages, MAX_PAGE);
  try {
    return await pullListPages(operation, wanted, 2 * deps.options.rateLimit.concurrency, {
      willPull: (rest) => known.readAhead(rest.map((page) => callOf(page).requestKey)),
      pull: (page) => {
        const call = callOf(page);
        hold.add(call.requestKey);
        return fetch(call, pullOptions);
      },
      read: (page) => storedPageSummary(deps.db, callOf(page)),
      progress: (done, total) => deps.emitter.emit('progress', { operation, done, total }),
    });
  } finally {
    known.forget([...calls.values()].map((call) => call.requestKey));
    await hold.release();
  }
}

import type { ResponseOf } from '../api/endpoints.js';
import { MAX_PAGE } from '../api/schemas/params.js';
import type { PagesSnapshot, PagesView } from '../query/pages-view.js';
import type { ListOperation } from '../sync/pull-options.js';
import { loadingSnapshot, type ViewSnapshot } from '../sync/view-snapshot.js';
import { DeferredView } from './deferred-view.js';

/** A pages view's snapshot before anything was read. */
export const PAGES_LOADING = Object.freeze({ ...loadingSnapshot(), hasNextPage: false, pageCount: 1 });

/** A pages view made before the library loaded: page 1's first answer, then the real view. */
export class DeferredPagesView<O extends ListOperation>
  extends DeferredView<PagesSnapshot<O>, PagesView<O>>
  implements PagesView<O>
{
  readonly #load: () => Promise<unknown>;

  constructor(load: () => Promise<unknown>, onFirstSubscribe: () => void) {
    super(PAGES_LOADING as PagesSnapshot<O>, onFirstSubscribe);
    this.#load = load;
    this.fetchNextPage = this.fetchNextPage.bind(this);
    this.refresh = this.refresh.bind(this);
  }

  get hasNextPage(): boolean {
    return this.getSnapshot().hasNextPage;
  }

  /**
   * Adds the next page of what this view shows. Asked while the real view has not read page 1 yet (a tap on "Show
   * more" under a first answer), it waits for that read: the real view only offers a next page once it has one.
   */
  async fetchNextPage(): Promise<void> {
    await this.#load();
    const real = this.real as PagesView<O>;
    if (real.getSnapshot().status === 'loading') await readOnce(real);
    await real.fetchNextPage();
  }

  async refresh(): Promise<void> {
    await this.#load();
    await (this.real as PagesView<O>).refresh();
  }
}

/**
 * Resolves once `view` has read its first page (or failed to): subscribed meanwhile, so a view nobody else watches
 * reads too.
 */
function readOnce<O extends ListOperation>(view: PagesView<O>): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    let stop: (() => void) | undefined;
    const check = () => {
      const snapshot = view.getSnapshot();
      if (done || (snapshot.status === 'loading' && snapshot.error === undefined)) return;
      done = true;
      stop?.();
      resolve();
    };
    stop = view.subscribe(check);
    if (done) stop();
    else check();
  });
}

/** Page 1 of a list as a pages view shows it: its ids once each, and whether a page 2 exists. */
export function firstPages<O extends ListOperation>(snapshot: ViewSnapshot<ResponseOf<O>>): PagesSnapshot<O> {
  const head = snapshot.data as { page: number; results: readonly { id: unknown }[]; total_pages: number };
  const seen = new Set<unknown>();
  const results = head.results.filter((item) => !seen.has(item.id) && seen.add(item.id) !== undefined);
  return Object.freeze({
    ...snapshot,
    data: Object.freeze({ ...head, page: 1, results: Object.freeze(results) }) as unknown as ResponseOf<O>,
    hasNextPage: 1 < Math.min(head.total_pages, MAX_PAGE),
    pageCount: 1,
  });
}

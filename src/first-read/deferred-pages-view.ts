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

  async fetchNextPage(): Promise<void> {
    await this.#load();
    await (this.real as PagesView<O>).fetchNextPage();
  }

  async refresh(): Promise<void> {
    await this.#load();
    await (this.real as PagesView<O>).refresh();
  }
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

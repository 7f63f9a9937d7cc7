import { PAGES_LOADING, type PagesSnapshot } from '../query/pages-snapshot.js';
import type { PagesView } from '../query/pages-view.js';
import type { ListOperation } from '../sync/pull-options.js';
import { DeferredView } from './deferred-view.js';

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
    if (!settledRead(real.getSnapshot())) await readOnce(real);
    await real.fetchNextPage();
  }

  async refresh(): Promise<void> {
    await this.#load();
    await (this.real as PagesView<O>).refresh();
  }
}

/**
 * Whether a real view's page 1 is read: stored (or known missing), or failed. Not while it still loads, nor while
 * it stores the answer the first-read path showed (no data yet, fetching).
 */
function settledRead(snapshot: PagesSnapshot<ListOperation>): boolean {
  return (
    snapshot.error !== undefined ||
    (snapshot.status !== 'loading' && !(snapshot.data === undefined && snapshot.fetching))
  );
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
      if (done || !settledRead(snapshot)) return;
      done = true;
      stop?.();
      resolve();
    };
    stop = view.subscribe(check);
    if (done) stop();
    else check();
  });
}

/**
 * Discover over the series saved on this device, a page at a time like `catalogue.pages`: pages 1..n of
 * `catalogue.local.discoverTv` as one growing envelope, so the offline screen pages on the same way the online one
 * does. Local pages never fetch: the next one is there at once.
 */
import type { Catalogue, ParamsOf, ResponseOf, ViewSnapshot } from '../../src/index.js';

type Envelope = ResponseOf<'discoverTv'>;

export interface LocalPagesSnapshot extends ViewSnapshot<Envelope> {
  readonly hasNextPage: boolean;
  readonly pageCount: number;
}

export interface LocalPages {
  subscribe(listener: () => void): () => void;
  getSnapshot(): LocalPagesSnapshot;
  readonly hasNextPage: boolean;
  fetchNextPage(): Promise<void>;
}

const LOADING: LocalPagesSnapshot = Object.freeze({
  data: undefined,
  status: 'loading',
  fetching: false,
  error: undefined,
  updatedAt: undefined,
  hasNextPage: false,
  pageCount: 1,
});

export function localPages(catalogue: Catalogue, params: Omit<ParamsOf<'discoverTv'>, 'page'>): LocalPages {
  const listeners = new Set<() => void>();
  const pages: { view: ReturnType<Catalogue['local']['discoverTv']>; stop: () => void }[] = [];
  let snapshot = LOADING;
  const combine = () => {
    const shown: Envelope[] = [];
    for (const { view } of pages) {
      const data = view.getSnapshot().data;
      if (data === undefined) break;
      shown.push(data);
    }
    const head = shown[0];
    snapshot = Object.freeze({
      data: head && { ...head, page: shown.length, results: shown.flatMap((envelope) => envelope.results) },
      status: head ? 'fresh' : 'loading',
      fetching: false,
      error: pages.map(({ view }) => view.getSnapshot().error).find((error) => error !== undefined),
      updatedAt: pages[0]?.view.getSnapshot().updatedAt,
      hasNextPage: head !== undefined && shown.length === pages.length && shown.length < head.total_pages,
      pageCount: pages.length,
    });
    for (const listener of listeners) listener();
  };
  const add = () => {
    const view = catalogue.local.discoverTv({ ...params, page: pages.length + 1 } as ParamsOf<'discoverTv'>);
    pages.push({ view, stop: listeners.size > 0 ? view.subscribe(combine) : () => {} });
  };
  add();
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) for (const page of pages) page.stop = page.view.subscribe(combine);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) for (const page of pages) page.stop();
      };
    },
    getSnapshot: () => snapshot,
    get hasNextPage() {
      return snapshot.hasNextPage;
    },
    async fetchNextPage() {
      if (!snapshot.hasNextPage) return;
      add();
      combine();
    },
  };
}

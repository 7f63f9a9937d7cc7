/**
 * first-content, the library's side: `createCatalogue` and one view of a discover list, its rows rendered when
 * the view has data. Ingest (`?ingest`) uses the same catalogue: `sync.pullList` per list, then page 1 shown once
 * (what the session that stored the data did).
 */
import { createCatalogue } from '../../../../src/index.js';
import { dbName, type ListSpec, render, type SideWindow, TOKEN, target } from '../shared.js';

const open = (n: number) =>
  createCatalogue({
    baseUrl: location.origin,
    accessToken: TOKEN,
    dbName: dbName('library', n),
    // The fake's limit is off: the client's too.
    rateLimit: { perSecond: 10_000 },
  });

function show(catalogue: ReturnType<typeof open>, params: Record<string, string>): Promise<void> {
  const view = catalogue.discoverTv(params);
  return new Promise((resolve) => {
    view.subscribe(() => {
      const data = view.getSnapshot().data;
      if (!data) return;
      render(data.results);
      resolve();
    });
  });
}

const wanted = target();
if (wanted === 'ingest') {
  (window as SideWindow).benchIngest = async (lists: readonly ListSpec[], n: number) => {
    const catalogue = open(n);
    for (const list of lists) await catalogue.sync.pullList('discoverTv', list.params, { pages: list.pages });
    await show(catalogue, (lists[0] as ListSpec).params);
    await catalogue.close();
  };
} else {
  void show(open(wanted.n), wanted.params);
}

/**
 * first-content, raw Dexie: open a database with a normalized table and a page table, get page 1's row, bulkGet
 * its 20 records, render. Ingest (`?ingest`) fetches each page and writes it in one transaction (a few hundred
 * bytes: kept in the one chunk, as an app's sync code would be).
 */
import { Dexie } from 'dexie';
import {
  allPages,
  dbName,
  fetchPage,
  type ListSpec,
  pageKey,
  pool,
  type Row,
  render,
  type SideWindow,
  target,
} from '../shared.js';

function openRaw(n: number): Dexie {
  const db = new Dexie(dbName('raw', n));
  db.version(1).stores({ series: 'id', pages: 'key' });
  return db;
}

async function ingest(lists: readonly ListSpec[], n: number): Promise<void> {
  const db = openRaw(n);
  const pages = allPages(lists);
  await pool(pages.length, 8, async (i) => {
    const { params, page } = pages[i] as (typeof pages)[number];
    const body = await fetchPage<{ results: Row[] }>(params, page);
    await db.transaction('rw', db.table('series'), db.table('pages'), async () => {
      await db.table('series').bulkPut(body.results);
      await db.table('pages').put({ key: pageKey(params, page), ids: body.results.map((r) => r.id) });
    });
  });
  db.close();
}

const wanted = target();
if (wanted === 'ingest') {
  (window as SideWindow).benchIngest = ingest;
} else {
  const db = openRaw(wanted.n);
  const row = (await db.table('pages').get(pageKey(wanted.params, 1))) as { ids: number[] } | undefined;
  if (row) render((await db.table('series').bulkGet(row.ids)) as Row[]);
}

import { describe, expect, it } from 'vitest';
import { mountDevtools } from '../../src/devtools/index.js';
import { jsonTree } from '../../src/devtools/json-tree.js';
import type { OneCatalogue } from '../helpers/catalogue-world.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from '../query/view-helpers.js';
import { panelPages } from './panel-page.js';

/**
 * The panel's Views pane over a catalogue doing real work against the in-process fake, on a virtual clock, drawn
 * into a happy-dom document made per test (not installed as globals: the panel builds from its target's document).
 */
const open = closedAfterEach();
const { page, handles } = panelPages();

function shadowOf(doc: Document): ShadowRoot {
  const host = doc.querySelector('catalogue-sync-devtools');
  if (!host?.shadowRoot) throw new Error('no panel in the page');
  return host.shadowRoot;
}

const pane = (doc: Document) => shadowOf(doc).querySelector('[data-part="views"]') as HTMLElement;
const rows = (doc: Document) => [...pane(doc).querySelectorAll('tbody tr')] as HTMLElement[];
const cells = (row: HTMLElement | undefined) =>
  [...(row?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent);
const button = (doc: Document, selector: string) => pane(doc).querySelector(selector) as HTMLButtonElement;
const figure = (doc: Document, name: string) => pane(doc).querySelector(`[data-figure="${name}"]`)?.textContent;

/** Lets queued work, IndexedDB and the panel's draws settle (no virtual time moves unless `ms`). */
async function settle(fixture: OneCatalogue, ms = 0): Promise<void> {
  for (let i = 0; i < 20; i++) await fixture.clock.flush();
  if (ms > 0) await fixture.clock.advance(ms);
  for (let i = 0; i < 20; i++) await fixture.clock.flush();
}

/** Lets real work go on until `read()` is true (300 rounds at most), without moving virtual time. */
async function eventually(fixture: OneCatalogue, read: () => boolean): Promise<void> {
  for (let round = 0; round < 300 && !read(); round++) await fixture.clock.flush();
  expect(read()).toBe(true);
}

async function shown(fixture: OneCatalogue) {
  const doc = page();
  handles.push(mountDevtools(fixture.catalogue, { target: doc.body, clock: fixture.clock }));
  const view = fixture.catalogue.trendingTv({ time_window: 'day' });
  const seen = record(view);
  await until(fixture.clock, view, (s) => s.status === 'fresh' && !s.fetching);
  // A cold first visit shows its early answer at once and stores it in a task of its own, after the core is made:
  // the pane shows the key's entry once the store has it.
  await eventually(fixture, () => cells(rows(doc)[0])[1] === 'fresh');
  await settle(fixture);
  return { doc, view, seen };
}

describe("the devtools' Views pane", () => {
  it('lists a live key with its status, fetching, observers and age; the age grows without events', async () => {
    const fixture = open();
    const { doc, seen } = await shown(fixture);
    expect(figure(doc, 'views-count')).toBe('1 live key');
    expect(cells(rows(doc)[0])).toEqual(['trendingTv · time_window day', 'fresh', '—', '1', '0.0 s ago']);
    await settle(fixture, 2_000);
    expect(cells(rows(doc)[0])?.[4]).toBe('2.0 s ago');

    // The view left: kept for its grace, then gone.
    seen.stop();
    await settle(fixture);
    expect(cells(rows(doc)[0])?.[3]).toBe('0 (grace)');
    await settle(fixture, 5_001);
    expect(rows(doc)).toHaveLength(0);
    expect(pane(doc).textContent).toBe('No live keys');
  });

  it('a key selected shows its figures, its data as a collapsible tree and its actions; selecting again hides them', async () => {
    const fixture = open();
    const { doc, view } = await shown(fixture);
    const key = button(doc, 'button.key');
    expect(key.getAttribute('aria-pressed')).toBe('false');
    key.click();
    await settle(fixture);
    const selected = pane(doc).querySelector('.selected') as HTMLElement;
    expect(selected.getAttribute('data-selected')).toBe(view.requestKey);
    expect(button(doc, 'button.key').getAttribute('aria-pressed')).toBe('true');
    expect([figure(doc, 'view-status'), figure(doc, 'view-observers')]).toEqual(['fresh', '1']);
    expect(figure(doc, 'view-stale-at')).toMatch(/^in \d/);
    const results = view.getSnapshot().data?.results.length ?? 0;
    const root = selected.querySelector('[data-figure="view-data"] details') as HTMLDetailsElement;
    expect(root.open).toBe(true);
    expect(root.querySelector('summary')?.textContent).toBe('data {4}');
    const summaries = [...root.querySelectorAll('details details > summary')].map((s) => s.textContent);
    expect(summaries).toContain(`results [${results}]`);
    expect([...selected.querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual(
      ['Refetch', 'Invalidate', 'Remove'].map((title) => [title, `${title} trendingTv · time_window day`]),
    );

    // What the user expanded stays expanded while the ages are drawn again.
    const results0 = root.querySelector('details details') as HTMLDetailsElement;
    results0.open = true;
    await settle(fixture, 1_000);
    expect((pane(doc).querySelector('[data-figure="view-data"] details details') as HTMLDetailsElement).open).toBe(
      true,
    );

    button(doc, 'button.key').click();
    await settle(fixture);
    expect(pane(doc).querySelector('.selected')).toBeNull();
  });

  it('Refetch sends one request, Invalidate revalidates, Remove starts the view again from the store', async () => {
    const fixture = open();
    const { doc, view } = await shown(fixture);
    const count = () => fixture.service.log.count({ operation: 'trendingTv' });
    expect(count()).toBe(1);
    button(doc, 'button.key').click();
    await settle(fixture);

    button(doc, '[data-action="refetch"]').click();
    await eventually(fixture, () => figure(doc, 'view-outcome') === 'refetch: done');
    expect(count()).toBe(2);

    button(doc, '[data-action="invalidate"]').click();
    await eventually(fixture, () => figure(doc, 'view-outcome') === 'invalidate: done');
    expect(count()).toBe(3);
    await until(fixture.clock, view, (s) => s.status === 'fresh' && !s.fetching, { maxMs: 0 });

    const statuses: string[] = [];
    const stop = view.subscribe(() => statuses.push(view.getSnapshot().status));
    button(doc, '[data-action="remove"]').click();
    await eventually(fixture, () => figure(doc, 'view-outcome') === 'remove: done');
    await until(fixture.clock, view, (s) => s.status === 'fresh');
    expect(statuses[0]).toBe('loading');
    expect(count()).toBe(3);
    await settle(fixture);
    expect(cells(rows(doc)[0])?.[3]).toBe('1');
    stop();
  });

  it('keeps keyboard focus on the button it was on while the pane is drawn again', async () => {
    const fixture = open();
    const { doc } = await shown(fixture);
    button(doc, 'button.key').focus();
    button(doc, 'button.key').click();
    await settle(fixture);
    button(doc, '[data-action="invalidate"]').focus();
    await settle(fixture, 1_000);
    const active = shadowOf(doc).activeElement as HTMLElement | null;
    expect(active?.getAttribute('data-action')).toBe('invalidate');
    expect(pane(doc).contains(active)).toBe(true);
  });

  it('says why there are no live keys for a closed catalogue', async () => {
    const fixture = open();
    await fixture.catalogue.close();
    const doc = page();
    handles.push(mountDevtools(fixture.catalogue, { target: doc.body, clock: fixture.clock }));
    await settle(fixture);
    expect(pane(doc).textContent).toMatch(/^No live keys: ClosedError/);
  });
});

describe('the data tree', () => {
  it('cuts long lists and strings and says how much it left', () => {
    const doc = page();
    const data = { results: Array.from({ length: 50 }, (_, id) => ({ id })), overview: 'x'.repeat(500) };
    const tree = jsonTree(doc, data);
    const results = tree.querySelector('details details') as HTMLElement;
    expect(results.querySelector('summary')?.textContent).toBe('results [50]');
    expect(results.querySelectorAll(':scope > ul > li > details')).toHaveLength(20);
    expect(results.querySelector(':scope > ul > li.note')?.textContent).toBe('… 30 more');
    expect(tree.textContent).toContain('(500 chars)');
    // A budget of nodes in all: a huge answer draws a bounded tree.
    const huge = jsonTree(
      doc,
      Array.from({ length: 30 }, () => Array.from({ length: 30 }, (_, i) => i)),
      {
        items: 30,
        chars: 10,
        nodes: 100,
      },
    );
    expect(huge.querySelectorAll('li').length).toBeLessThan(140);
  });
});

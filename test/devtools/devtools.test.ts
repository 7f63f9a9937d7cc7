import { describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { type DevtoolsHandle, mountDevtools } from '../../src/devtools/index.js';
import type { Clock, FetchLike, TimerHandle } from '../../src/env.js';
import type { OneCatalogue } from '../helpers/catalogue-world.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { panelPages } from './panel-page.js';

/**
 * The panel over a catalogue doing real work against the in-process fake service, on a virtual clock, drawn into a
 * happy-dom document made per test. The document is not installed as the test's globals: the panel builds from its
 * target's own document, and the fake service keeps Node's `Request`/`Response`.
 */
const open = closedAfterEach();
const { page, handles } = panelPages();

function mount(
  fixture: OneCatalogue,
  doc: Document,
  catalogue: Catalogue = fixture.catalogue,
  clock: Clock = fixture.clock,
): DevtoolsHandle {
  const handle = mountDevtools(catalogue, { target: doc.body, clock });
  handles.push(handle);
  return handle;
}

function shadowOf(doc: Document): ShadowRoot {
  const host = doc.querySelector('catalogue-sync-devtools');
  if (!host?.shadowRoot) throw new Error('no panel in the page');
  return host.shadowRoot;
}

const part = (doc: Document, name: string) => shadowOf(doc).querySelector(`[data-part="${name}"]`) as HTMLElement;
const figure = (doc: Document, name: string) =>
  shadowOf(doc).querySelector(`[data-figure="${name}"]`)?.textContent ?? undefined;

/** Lets the catalogue's queued work, IndexedDB and the panel's draws settle on the virtual clock. */
async function settle(fixture: OneCatalogue, ms = 0): Promise<void> {
  for (let i = 0; i < 10; i++) await fixture.clock.flush();
  if (ms > 0) await fixture.clock.advance(ms);
  for (let i = 0; i < 10; i++) await fixture.clock.flush();
}

/**
 * Lets real work (IndexedDB, live queries) go on, without moving virtual time, until `read()` gives `expected` or
 * 300 rounds passed; returns what it read last (a loaded machine takes more rounds than a quiet one).
 */
async function eventually<T>(fixture: OneCatalogue, read: () => T, expected: T): Promise<T> {
  for (let round = 0; round < 300; round++) {
    if (read() === expected) return expected;
    await fixture.clock.flush();
  }
  return read();
}

/**
 * The service refuses every write to a path ending with `suffix` for good (401 code 38 in its envelope: no right to
 * edit; an ended session, code 3, would make the change wait for a sign-in instead).
 */
function refuse(suffix: string): (fetch: FetchLike) => FetchLike {
  return (fetch) => async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET' && new URL(request.url).pathname.endsWith(suffix)) {
      const envelope = { success: false, status_code: 38, status_message: 'Authentication failed: no permission.' };
      return new Response(JSON.stringify(envelope), { status: 401, headers: { 'content-type': 'application/json' } });
    }
    return fetch(request);
  };
}

describe('the devtools panel', () => {
  it('is a labelled region with a heading, real buttons, and styles adopted (no inline style anywhere)', async () => {
    const fixture = open();
    const doc = page();
    const devtools = mount(fixture, doc);
    const shadow = shadowOf(doc);
    const region = shadow.querySelector('section.panel') as HTMLElement;
    const title = shadow.getElementById(region.getAttribute('aria-labelledby') ?? '');
    expect(title?.tagName).toBe('H2');
    expect(title?.textContent).toBe('Catalogue devtools');
    expect([...shadow.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Queue and rate',
      'In flight',
      'Views',
      'Outbox',
      'Quarantine',
      'Storage',
      'Last errors',
    ]);
    const buttons = [...shadow.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.getAttribute('type')])).toEqual([
      ['Hide', 'button'],
      ['Refresh', 'button'],
      ['Clear', 'button'],
    ]);
    // A constructed stylesheet: a strict CSP (`style-src 'self'`) refuses <style> and style="…", not the CSSOM.
    expect(shadow.adoptedStyleSheets).toHaveLength(1);
    expect(shadow.querySelector('style')).toBeNull();
    expect(shadow.querySelector('[style]')).toBeNull();
    expect(doc.querySelector('catalogue-sync-devtools')?.getAttribute('data-placement')).toBe('inline');

    // The heading's button collapses and expands the body, and says so.
    const toggle = buttons[0] as HTMLButtonElement;
    const body = shadow.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    const host = doc.querySelector('catalogue-sync-devtools') as HTMLElement;
    expect(host.dataset.open).toBe('true');
    toggle.click();
    expect([devtools.open, body.hidden, toggle.getAttribute('aria-expanded'), toggle.textContent]).toEqual([
      false,
      true,
      'false',
      'Show',
    ]);
    expect(host.dataset.open).toBe('false');
    devtools.toggle();
    expect([devtools.open, body.hidden, toggle.getAttribute('aria-expanded')]).toEqual([true, false, 'true']);
  });

  it('shows the queue, the request in flight with its age, and then storage by kind', async () => {
    const fixture = open();
    const doc = page();
    // Every answer takes 3 s of virtual time, so the request is seen in flight.
    fixture.service.control.setFaults({ latencyMs: 3_000 });
    mount(fixture, doc);
    await settle(fixture);
    expect(figure(doc, 'sent')).toBe('0');
    expect(part(doc, 'in-flight').textContent).toBe('Nothing in flight');
    expect(part(doc, 'storage').textContent).toContain('browse');

    const pull = fixture.catalogue.sync.pull('trendingTv', { time_window: 'day' });
    await settle(fixture, 1_000);
    const row = part(doc, 'in-flight').querySelector('tbody tr');
    expect([...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual([
      'trendingTv',
      'interactive',
      '1',
      '1.0 s',
    ]);
    expect([figure(doc, 'in-flight'), figure(doc, 'sent'), figure(doc, 'state')]).toEqual(['1', '1', 'running']);
    expect(figure(doc, 'rate')).toMatch(/^\d+\.\d\/s$/);
    // The age is redrawn while the request waits, without any event.
    await settle(fixture, 1_000);
    expect(part(doc, 'in-flight').querySelector('tbody td:last-child')?.textContent).toBe('2.0 s');

    await fixture.clock.runUntil(pull);
    await settle(fixture);
    expect(part(doc, 'in-flight').textContent).toBe('Nothing in flight');
    expect([figure(doc, 'in-flight'), figure(doc, 'sent'), figure(doc, 'sync')]).toEqual(['0', '1', 'idle']);
    // Storage is read again once the burst of writes is over (the panel's 2 s throttle).
    const browseRows = () => Number(part(doc, 'storage').querySelector('[data-kind="browse"] td')?.textContent);
    expect(browseRows()).toBe(0);
    await settle(fixture, 1_999);
    expect(part(doc, 'storage').textContent).not.toContain('Reading…');
    await settle(fixture, 1);
    // The read walks every row: it takes a while of real time on fake-indexeddb.
    await expect.poll(browseRows).toBeGreaterThan(0);
    expect(part(doc, 'storage').textContent).toMatch(/Read at \d\d:\d\d:\d\d UTC/);
  });

  it('shows the outbox with its rows: pending offline, then a refused change as failed with its error', async () => {
    const fixture = open({ catalogue: { wrapFetch: refuse('/favorite'), retry: { attempts: 1 } } });
    const { catalogue, service, connectivity } = fixture;
    const doc = page();
    mount(fixture, doc);
    await settle(fixture);
    expect(part(doc, 'outbox').textContent).toBe('Nobody is signed in');

    const session = service.control.createSession();
    await catalogue.setUser(session);
    connectivity.setOnline(false);
    const trending = service.control.groundTruth('trendingTv', { time_window: 'day' }) as { results: { id: number }[] };
    const series = trending.results[0]?.id as number;
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    const pending = `1 pending · 0 failed · account:${session.account_id}`;
    expect(await eventually(fixture, () => figure(doc, 'outbox-count'), pending)).toBe(pending);
    const cells = () => [...part(doc, 'outbox').querySelectorAll('tbody tr td')].map((cell) => cell.textContent);
    expect(cells()).toEqual([expect.any(String), 'pending', 'markFavorite', '0', '—']);
    expect([figure(doc, 'sync'), figure(doc, 'network')]).toEqual(['paused-offline', 'offline']);

    connectivity.setOnline(true);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    const failed = `0 pending · 1 failed · account:${session.account_id}`;
    expect(await eventually(fixture, () => figure(doc, 'outbox-count'), failed)).toBe(failed);
    expect(cells().slice(1)).toEqual([
      'failed',
      'markFavorite',
      '1',
      expect.stringMatching(/^ServiceError: .*401.*Authentication failed: no permission\.$/),
    ]);
    const error = part(doc, 'errors').querySelector('li[data-kind="mutationFailed"]');
    expect(error?.textContent).toContain('markFavorite 401');
    // The panel shows what events carry: never the session id.
    expect(shadowOf(doc).textContent).not.toContain(session.session_id);
    await catalogue.signOut({ force: true });
  });

  it('shows a quarantined response: counted by operation, listed with the last errors, kept in the quarantine table', async () => {
    const fixture = open();
    const { catalogue, service } = fixture;
    const doc = page();
    const devtools = mount(fixture, doc);
    const at: number[] = [];
    catalogue.on('quarantined', (event) => at.push(event.at));
    service.control.setFaults({ schemaViolationRate: 1 });
    await expect(fixture.clock.runUntil(catalogue.sync.pull('airingToday', {}))).rejects.toMatchObject({
      name: 'SchemaValidationError',
    });
    await settle(fixture);
    const row = part(doc, 'quarantine').querySelector('tr[data-operation="airingToday"] td:last-child');
    expect(row?.textContent).toBe('1');
    const listed = part(doc, 'errors').querySelectorAll('li');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.getAttribute('data-kind')).toBe('quarantined');
    expect(listed[0]?.textContent).toContain('airingToday');
    expect(listed[0]?.querySelector('time')?.getAttribute('datetime')).toBe(new Date(at[0] ?? 0).toISOString());
    await devtools.refreshStorage();
    expect(figure(doc, 'quarantine-rows')).toBe('1');

    // A failed pull of another kind is listed as an error, newest first; Clear empties the list.
    service.control.setFaults({ errorRate: 1 });
    await expect(
      fixture.clock.runUntil(catalogue.sync.pull('popularPeople', {}, { force: true })),
    ).rejects.toMatchObject({ name: 'ServiceError' });
    await settle(fixture);
    expect([...part(doc, 'errors').querySelectorAll('li')].map((li) => li.getAttribute('data-kind'))).toEqual([
      'error',
      'quarantined',
    ]);
    (shadowOf(doc).querySelector('button[aria-label="Clear the errors"]') as HTMLButtonElement).click();
    await settle(fixture);
    expect(part(doc, 'errors').textContent).toBe('No errors');
  });

  it('reads storage only while expanded, and shows a closed catalogue as unreadable', async () => {
    const fixture = open();
    const doc = page();
    const storage = vi.spyOn(fixture.catalogue, 'storage');
    const devtools = mountDevtools(fixture.catalogue, { target: doc.body, clock: fixture.clock, open: false });
    handles.push(devtools);
    await fixture.clock.runUntil(fixture.catalogue.sync.pull('airingToday', {}));
    await settle(fixture, 5_000);
    expect(storage).not.toHaveBeenCalled();
    devtools.toggle(true);
    await settle(fixture);
    expect(storage).toHaveBeenCalledTimes(1);
    expect(Number(part(doc, 'storage').querySelector('[data-kind="browse"] td')?.textContent)).toBeGreaterThan(0);

    await fixture.catalogue.close();
    await devtools.refreshStorage();
    expect(part(doc, 'storage').textContent).toContain('Could not read: ClosedError');
  });

  it('unmount removes its node, every listener on the catalogue and on its buttons, and its timers', async () => {
    const fixture = open();
    fixture.service.control.setFaults({ latencyMs: 3_000 });
    const doc = page();
    doc.body.append(doc.createElement('p'));
    // Listeners counted through a catalogue whose `on` and `outbox.subscribe` keep score.
    let listening = 0;
    const counted =
      <T extends unknown[]>(subscribe: (...args: T) => () => void) =>
      (...args: T) => {
        const off = subscribe(...args);
        listening += 1;
        let done = false;
        return () => {
          if (!done) listening -= 1;
          done = true;
          off();
        };
      };
    const { catalogue } = fixture;
    const outbox = Object.create(catalogue.outbox, { subscribe: { value: counted(catalogue.outbox.subscribe) } });
    const watched = Object.create(catalogue, {
      on: { value: counted(catalogue.on.bind(catalogue) as (...args: unknown[]) => () => void) },
      outbox: { value: outbox },
    }) as Catalogue;
    // And the DOM listeners of every element the panel creates.
    let clickListeners = 0;
    const create = doc.createElement.bind(doc);
    vi.spyOn(doc, 'createElement').mockImplementation(((tag: string) => {
      const element = create(tag);
      const add = element.addEventListener.bind(element);
      const remove = element.removeEventListener.bind(element);
      element.addEventListener = (...args: Parameters<typeof add>) => {
        clickListeners += 1;
        add(...args);
      };
      element.removeEventListener = (...args: Parameters<typeof remove>) => {
        clickListeners -= 1;
        remove(...args);
      };
      return element;
    }) as typeof doc.createElement);

    // And the panel's timers: set, and neither fired nor cleared yet.
    const timers = new Set<TimerHandle>();
    const clock: Clock = {
      now: () => fixture.clock.now(),
      setTimeout: (fn, ms) => {
        const handle = fixture.clock.setTimeout(() => {
          timers.delete(handle);
          fn();
        }, ms);
        timers.add(handle);
        return handle;
      },
      clearTimeout: (handle) => {
        timers.delete(handle);
        fixture.clock.clearTimeout(handle);
      },
    };
    const devtools = mount(fixture, doc, watched, clock);
    expect(listening).toBeGreaterThanOrEqual(13);
    // The three buttons, and the Views pane's one listener for the buttons it draws.
    expect(clickListeners).toBe(4);
    // Work under way: a request in flight (its age timer) and a storage read pending after a write.
    const pull = catalogue.sync.pull('trendingTv', { time_window: 'day' });
    await settle(fixture, 500);
    expect(part(doc, 'in-flight').querySelectorAll('tbody tr')).toHaveLength(1);
    expect(timers.size).toBeGreaterThan(0);

    devtools.unmount();
    expect(listening).toBe(0);
    expect(clickListeners).toBe(0);
    expect(doc.querySelector('catalogue-sync-devtools')).toBeNull();
    expect(doc.body.children).toHaveLength(1);
    expect(timers.size).toBe(0);
    // The work goes on without the panel: its events and writes reach nothing of it.
    await fixture.clock.runUntil(pull);
    await settle(fixture, 5_000);
    expect(timers.size).toBe(0);
    expect(doc.body.children).toHaveLength(1);
    devtools.unmount();
  });

  it('refuses what is not a catalogue or an element, and mounts nowhere without a document', () => {
    const fixture = open();
    expect(() => mountDevtools({} as Catalogue)).toThrow(TypeError);
    expect(() => mountDevtools(fixture.catalogue, { target: {} as HTMLElement })).toThrow(/target must be an element/);
    expect(() => mountDevtools(fixture.catalogue)).toThrow(/no document here/);
    const doc = page();
    expect(() => mountDevtools(fixture.catalogue, { target: doc.body, errorsShown: 0 })).toThrow(/errorsShown/);
    expect(doc.body.children).toHaveLength(0);
  });
});

describe('the rate budget', () => {
  it('shows a 429: the count, the lowered rate and the pause while it lasts', async () => {
    // The service allows 2 requests a second; the catalogue starts at 40: the first burst meets a 429.
    const fixture = open({ service: { rateLimit: { perSecond: 2 } } });
    const { catalogue, service } = fixture;
    const doc = page();
    mount(fixture, doc);
    await settle(fixture);
    expect([figure(doc, 'rate'), figure(doc, 'rate-limited'), figure(doc, 'paused')]).toEqual([
      '40.0/s',
      '0',
      undefined,
    ]);
    const paused: string[] = [];
    catalogue.on('rateLimited', () => {
      // Drawn at the end of the task that emitted it.
      queueMicrotask(() => paused.push(figure(doc, 'paused') ?? 'not shown'));
    });
    const pulls = Promise.allSettled(
      (['trendingTv', 'trendingMovies'] as const).flatMap((operation) =>
        (['day', 'week'] as const).map((time_window) => catalogue.sync.pull(operation, { time_window })),
      ),
    );
    await fixture.clock.runUntil(pulls);
    await settle(fixture);
    expect(service.log.count({ status: 429 })).toBeGreaterThan(0);
    expect(Number(figure(doc, 'rate-limited'))).toBe(service.log.count({ status: 429 }));
    expect(Number.parseFloat(figure(doc, 'rate') ?? '')).toBeLessThan(40);
    expect(paused[0]).toMatch(/^Rate limited: no request starts for \d+\.\d s/);
    // Once the pause is over, the note goes with the next draw.
    expect(figure(doc, 'paused')).toBeUndefined();
  });
});

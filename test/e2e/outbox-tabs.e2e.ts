/**
 * Issue 20 in real Chromium: two tabs (two pages of one browser context) of one page on one origin share one
 * outbox in IndexedDB. A change taken back in one tab while the other sends it, and a tab closed while its write
 * is on the wire: the service ends as the user meant.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenOptions, OutboxRowState } from './pages/page-api.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';

let e2e: E2EHarness;

beforeAll(async () => {
  e2e = await startE2E({ service: { seed: 20, scale: 'small' } });
});

afterEach(async () => {
  for (const page of e2e?.context.pages() ?? []) await page.close();
});

afterAll(async () => {
  await e2e?.close();
});

const FAVORITE = '**/3/account/*/favorite*';

/** A tab with the catalogue open under `tab`, signed in as `session`. */
async function openTab(options: OpenOptions, session: { account_id: number; session_id: string }): Promise<Page> {
  const page = await e2e.openPage();
  await page.evaluate((o) => window.e2e.open('tab', o), options);
  await page.evaluate((s) => window.e2e.setUser('tab', s), session);
  return page;
}

const favorite = (page: Page, series: number, value: boolean) =>
  page.evaluate(([id, v]) => window.e2e.markFavorite('tab', id, v), [series, value] as const);
const outbox = (page: Page): Promise<OutboxRowState[]> => page.evaluate(() => window.e2e.outbox('tab'));

interface Held {
  /** The tab whose favorite write was caught first: the one "sending it right now". */
  readonly sender: Page;
  /** Lets the held write reach the service (when it was held before it) and its answer the tab. */
  release(): Promise<void>;
}

/**
 * Catches the first favorite write either tab sends (both drain the shared outbox: whichever claims the row sends
 * it), `commit`ted by the service first or not, and holds it; every later one passes. Records the bodies the
 * service was sent, in order.
 */
function holdFirstFavorite(pages: readonly Page[], commit: boolean) {
  const bodies: unknown[] = [];
  let caught: ((held: Held) => void) | undefined;
  const held = new Promise<Held>((resolve) => {
    caught = resolve;
  });
  return {
    bodies,
    held,
    async install() {
      for (const page of pages) {
        await page.route(FAVORITE, async (route) => {
          const body = route.request().postDataJSON() as { favorite: boolean };
          if (!caught) {
            bodies.push(body.favorite);
            await route.continue();
            return;
          }
          const resolve = caught;
          caught = undefined;
          if (commit) {
            // The service commits it; its answer never reaches the tab (unless released).
            const response = await route.fetch();
            bodies.push(body.favorite);
            resolve({ sender: page, release: () => route.fulfill({ response }) });
            return;
          }
          resolve({
            sender: page,
            release: () => {
              bodies.push(body.favorite);
              return route.continue();
            },
          });
        });
      }
    },
  };
}

function serviceFavorite(session: { session_id: string }, series_id: number): boolean {
  const truth = e2e.served.service.control.groundTruth('tvAccountStates', {
    series_id,
    session_id: session.session_id,
  }) as { favorite: boolean };
  return truth.favorite;
}

/** Polls (real time: this is a browser) until `done()` holds. */
async function until(done: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('until: the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('one outbox for every tab, in Chromium', () => {
  it('a change taken back in one tab while the other sends it: the service ends without the favorite', async () => {
    const { control } = e2e.served.service;
    const session = control.createSession();
    const series = control.allSeries()[1]?.id as number;
    const options = { dbName: 'outbox-tabs-take-back' };
    const a = await openTab(options, session);
    const b = await openTab(options, session);
    const writes = holdFirstFavorite([a, b], false);
    await writes.install();

    expect(await favorite(a, series, true)).toBe('queued');
    const { sender, release } = await writes.held;
    const other = sender === a ? b : a;
    // The row is claimed by the sending tab: the take-back cannot cancel it; it is a new row after it.
    expect((await outbox(other)).map((row) => row.state)).toEqual(['sending']);
    expect(await favorite(other, series, false)).toBe('queued');
    expect(serviceFavorite(session, series)).toBe(false);

    await release();
    await until(async () => (await outbox(a)).length === 0 && (await outbox(b)).length === 0);
    expect(writes.bodies).toEqual([true, false]);
    expect(serviceFavorite(session, series)).toBe(false);
    const log = (await (await fetch(`${e2e.url}/__fake/log`)).json()) as { entries: { operation?: string }[] };
    expect(log.entries.filter((entry) => entry.operation === 'markFavorite').length).toBeGreaterThanOrEqual(2);
  });

  it('a tab closed while its write is on the wire: the other tab sends it after the lease, then the take-back', async () => {
    const { control } = e2e.served.service;
    const session = control.createSession();
    const series = control.allSeries()[2]?.id as number;
    // A short lease, so the surviving tab hands the dead tab's row on within the test.
    const options = { dbName: 'outbox-tabs-closed', outboxLeaseMs: 3_000 };
    const a = await openTab(options, session);
    const b = await openTab(options, session);
    const writes = holdFirstFavorite([a, b], true);
    await writes.install();

    expect(await favorite(a, series, true)).toBe('queued');
    const { sender } = await writes.held;
    const survivor = sender === a ? b : a;
    // The service committed the favorite; the tab that sent it goes before its answer comes.
    expect(serviceFavorite(session, series)).toBe(true);
    await sender.close({ runBeforeUnload: false });
    // The user takes it back in the tab left: queued after the row the closed tab still holds.
    expect(await favorite(survivor, series, false)).toBe('queued');
    expect((await outbox(survivor)).map((row) => row.state)).toEqual(['sending', 'pending']);

    await until(async () => (await outbox(survivor)).length === 0);
    // The dead tab's row went again after its lease (the same value: no effect), then the take-back.
    expect(writes.bodies).toEqual([true, true, false]);
    expect(serviceFavorite(session, series)).toBe(false);
  });
});

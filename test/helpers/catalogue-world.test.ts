import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type CatalogueWorld, catalogueWorld } from './catalogue-world.js';
import { secretCapture } from './secret-capture.js';

let world: CatalogueWorld | undefined;
afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

describe('catalogueWorld', () => {
  it("opens through the main entry's door by default: the core (and its database) arrives after open()", async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    expect(() => databaseOf(catalogue)).toThrow(/has not loaded/);
    await catalogue.auth.ready();
    expect(databaseOf(catalogue).name).toBe(`catalogue-test${DATABASE_PROTOCOL_SUFFIX}`);
  });

  it('opens with the core at once only when asked by name', () => {
    world = catalogueWorld({ door: 'eager', dbName: 'eager-world' });
    expect(databaseOf(world.open()).name).toBe(`eager-world${DATABASE_PROTOCOL_SUFFIX}`);
  });

  it('every instance is a tab on one database and one service; each fetch is recorded with its tab', async () => {
    world = catalogueWorld({ connectivity: 'per-instance' });
    const first = world.open({ tab: 'first' });
    const second = world.open({ tab: 'second' });
    await world.clock.runUntil(first.sync.pull('trendingTv', { time_window: 'day' }));
    expect(await second.read('trendingTv', { time_window: 'day' })).toBeDefined();
    expect(world.fetched.map((f) => f.tab)).toContain('first');
    expect(world.fetched.some((f) => f.tab === 'second' && f.url.includes('trending'))).toBe(false);
    expect(world.requests).toHaveLength(world.urls.length);
  });

  it("per-instance connectivity: the world's connectivity turns only shared instances offline", async () => {
    world = catalogueWorld();
    const shared = world.open();
    await shared.auth.ready();
    world.connectivity.setOnline(false);
    await world.settle();
    expect(shared.status.online).toBe(false);
    const tabs = catalogueWorld({ connectivity: 'per-instance' });
    const tab = tabs.open();
    await tab.auth.ready();
    tabs.connectivity.setOnline(false);
    await tabs.settle();
    expect(tab.status.online).toBe(true);
    await tabs.closeAll();
  });

  it('an open() may name its own door: a page of the main entry next to an eager instance, on one database', async () => {
    world = catalogueWorld({ dbName: 'doors' });
    const eager = world.open({ door: 'eager' });
    const page = world.open();
    expect(databaseOf(eager).name).toBe(`doors${DATABASE_PROTOCOL_SUFFIX}`);
    expect(() => databaseOf(page)).toThrow(/has not loaded/);
    await page.auth.ready();
    expect(databaseOf(page).name).toBe(`doors${DATABASE_PROTOCOL_SUFFIX}`);
  });

  it('dbName null gives no dbName at all: the library names the database itself', async () => {
    world = catalogueWorld({ dbName: null });
    const catalogue = world.open({ language: 'fr-FR' });
    await catalogue.auth.ready();
    expect(databaseOf(catalogue).name).toBe(`catalogue-fr-FR${DATABASE_PROTOCOL_SUFFIX}`);
  });

  it('records every write that reached the service as METHOD and path, never its query (it holds the session)', async () => {
    world = catalogueWorld({ service: { rateLimit: false } });
    const catalogue = world.open();
    const session = world.service.control.createSession();
    await catalogue.setUser(session);
    const series = world.service.control.allSeries()[0]?.id as number;
    await catalogue.account.rateTvSeries({ series_id: series, value: 7 });
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(world.writes).toEqual([`POST /3/tv/${series}/rating`]);
    expect(world.writes.join(' ')).not.toContain(session.session_id);
  });

  it('a capture collects the secrets the fake hands out, and every event and database to scan', async () => {
    const capture = secretCapture();
    world = catalogueWorld({ capture, service: { rateLimit: false } });
    const catalogue = world.open();
    const { request_token } = await catalogue.auth.createRequestToken();
    expect(capture.secrets).toEqual(new Set([FAKE_ACCESS_TOKEN, request_token]));
    await world.clock.runUntil(catalogue.sync.pull('trendingTv', { time_window: 'day' }));
    await world.settle();
    expect(capture.databases).toEqual([databaseOf(catalogue)]);
    expect(capture.output.some((line) => line.startsWith('["request"'))).toBe(true);
  });
});

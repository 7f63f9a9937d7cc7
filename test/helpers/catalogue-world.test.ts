import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import { type CatalogueWorld, catalogueWorld } from './catalogue-world.js';

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
    expect(databaseOf(catalogue).name).toBe('catalogue-test');
  });

  it('opens with the core at once only when asked by name', () => {
    world = catalogueWorld({ door: 'eager', dbName: 'eager-world' });
    expect(databaseOf(world.open()).name).toBe('eager-world');
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
});

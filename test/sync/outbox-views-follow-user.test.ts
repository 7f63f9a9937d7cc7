import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import { type StoryWorld, storyWorld } from '../helpers/story-world.js';

let story: StoryWorld;
afterEach(async () => {
  await story.closeAll();
});

type States = { favorite: boolean; watchlist: boolean };

/** Two accounts with different account states of the story's series: A favorites it, B has it on its watchlist. */
function twoAccounts() {
  story = storyWorld();
  const { world, session: a, series } = story;
  const b = world.service.control.createSession();
  world.service.control.setAccountState({ session_id: a.session_id, series_id: series }, { favorite: true });
  world.service.control.setAccountState({ session_id: b.session_id, series_id: series }, { watchlist: true });
  world.service.control.addToWatchlist({ session_id: b.session_id, series_id: series });
  return { a, b, series };
}

describe('story 5: views follow the current user', () => {
  it('a view created as user A reads and fetches B’s scope after setUser(B), and shows no user data signed out', async () => {
    const { a, b, series } = twoAccounts();
    const catalogue = await story.open();
    await catalogue.setUser(a);
    const view = catalogue.tvAccountStates({ series_id: series });
    const seen: ViewSnapshot<States>[] = [];
    const off = view.subscribe(() => seen.push(view.getSnapshot() as ViewSnapshot<States>));
    const settled = () => view.getSnapshot().status === 'fresh' && !view.getSnapshot().fetching;
    await story.until(settled);
    expect(view.getSnapshot().data).toMatchObject({ favorite: true, watchlist: false });
    expect(view.requestKey).toContain(encodeURIComponent(`account:${a.account_id}`));

    await catalogue.setUser(b);
    seen.length = 0;
    await story.until(() => settled() && view.getSnapshot().data?.watchlist === true);
    expect(view.getSnapshot().data).toMatchObject({ favorite: false, watchlist: true });
    expect(view.requestKey).toContain(encodeURIComponent(`account:${b.account_id}`));
    // Never A's favorite under B, not even for one snapshot.
    expect(seen.filter((s) => (s.data as States | undefined)?.favorite === true)).toEqual([]);
    // What the view fetched is stored under B's scope, and A's stored state is untouched.
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({ watchlist: true });
    const rows = await databaseOf(catalogue).tvAccountStates.toArray();
    const ofA = rows.filter((row: unknown) => JSON.stringify(row).includes(`account:${a.account_id}`));
    expect(ofA.map((row: unknown) => JSON.stringify(row)).join()).toContain('"favorite":true');

    await catalogue.signOut({ force: true });
    await story.until(() => view.getSnapshot().data === undefined);
    expect(view.getSnapshot()).toMatchObject({ data: undefined, fetching: false });
    expect(view.getSnapshot().status).not.toBe('fresh');
    off();
  });

  it('a view created as A and subscribed after setUser(B) never shows A’s data first', async () => {
    const { a, b, series } = twoAccounts();
    const catalogue = await story.open();
    await catalogue.setUser(a);
    const view = catalogue.tvAccountStates({ series_id: series });
    const first = view.subscribe(() => {});
    await story.until(() => view.getSnapshot().status === 'fresh');
    first();
    expect(view.getSnapshot().data).toMatchObject({ favorite: true });
    await catalogue.setUser(b);
    // Unsubscribed, the handle no longer shows A's last snapshot under B.
    expect((view.getSnapshot().data as States | undefined)?.favorite).not.toBe(true);
    const seen: ViewSnapshot<States>[] = [view.getSnapshot() as ViewSnapshot<States>];
    const off = view.subscribe(() => seen.push(view.getSnapshot() as ViewSnapshot<States>));
    await story.until(() => view.getSnapshot().status === 'fresh' && view.getSnapshot().data?.watchlist === true);
    off();
    expect(seen.filter((s) => (s.data as States | undefined)?.favorite === true)).toEqual([]);
  });

  it('the watchlist pages view switches to the new user’s watchlist and is empty of user data signed out', async () => {
    const { a, b, series } = twoAccounts();
    const catalogue = await story.open();
    await catalogue.setUser(a);
    const pages = catalogue.pages('accountTvWatchlist', {});
    const ids = () => pages.getSnapshot().data?.results.map((item) => item.id);
    const off = pages.subscribe(() => {});
    await story.until(() => pages.getSnapshot().status === 'fresh' && !pages.getSnapshot().fetching);
    expect(ids()).toEqual([]);
    await catalogue.setUser(b);
    await story.until(() => pages.getSnapshot().status === 'fresh' && (ids()?.length ?? 0) > 0);
    expect(ids()).toEqual([series]);
    await catalogue.signOut({ force: true });
    await story.until(() => pages.getSnapshot().data === undefined);
    expect(pages.getSnapshot().fetching).toBe(false);
    off();
  });
});

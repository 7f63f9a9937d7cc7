import type { KeyEntry } from '../sync/key-entry.js';
import { type CatalogueParams, NOBODY, type PreparedCall } from '../sync/prepare-call.js';
import type { ListOperation, SyncEngine } from '../sync/sync-engine.js';
import type { UserScope } from '../sync/user-scope.js';
import { PAGES_DISABLED } from './disabled-snapshot.js';
import { LiveSource } from './live-source.js';
import { combinePages, PAGES_LOADING, type PagesSnapshot } from './pages-snapshot.js';
import type { View } from './view.js';

export type { PagesSnapshot } from './pages-snapshot.js';

export interface PagesView<O extends ListOperation> extends View<PagesSnapshot<O>> {
  readonly hasNextPage: boolean;
  /** Adds the next page; resolves when it is stored (or at once when there is none). */
  fetchNextPage(): Promise<void>;
  /**
   * Revalidates page 1 first, then only the deeper pages that are stale: never an N-page refetch storm.
   * Resolves when done.
   */
  refresh(): Promise<void>;
}

interface Attached<O extends ListOperation> {
  readonly source: KeyEntry<O>;
  readonly unsubscribe: () => void;
}

/**
 * At most this many pages stored before are shown again when a list view starts: what a person had scrolled
 * through, without attaching a whole list that `pullList` stored.
 */
const RESUMED_PAGES = 10;

/**
 * An infinite list over the per-page sources (shared with plain views of those pages). Page 1 is kept fresh
 * while subscribed; deeper pages are fetched when missing and revalidated only by `refresh()` when stale.
 */
export class PagesViewSource<O extends ListOperation> extends LiveSource<PagesSnapshot<O>> implements PagesView<O> {
  readonly #engine: SyncEngine;
  readonly #operation: O;
  readonly #base: Record<string, unknown>;
  readonly #attached = new Map<number, Attached<O>>();
  #count = 1;
  /** Whose pages the snapshot shows: page 1's request key (it names the user scope), or undefined signed out. */
  #shownKey: string | undefined;
  #stopFollowing: (() => void) | undefined;

  /** The pages' calls as prepared (validated and keyed) once each, for `#callsFor`: a user change prepares again. */
  readonly #calls = new Map<number, PreparedCall<O>>();
  #callsFor: UserScope | undefined;
  readonly #perUser: boolean;

  /** `pageOne`: page 1's call, prepared once by whoever made the handle (the parameters are validated by then). */
  constructor(engine: SyncEngine, pageOne: PreparedCall<O>, params: CatalogueParams<O> | undefined) {
    super(PAGES_LOADING as PagesSnapshot<O>);
    const base = { ...(params ?? {}) } as Record<string, unknown>;
    delete base.page;
    this.#engine = engine;
    this.#operation = pageOne.operation;
    this.#base = base;
    this.#perUser = pageOne.userScope !== undefined;
    // Page 1 made for nobody (signed out) is prepared again at its first read, for the user signed in by then.
    this.#callsFor = pageOne.userScope === NOBODY.id ? NOBODY : engine.user;
    this.#calls.set(1, pageOne);
    this.#shownKey = pageOne.requestKey;
    this.fetchNextPage = this.fetchNextPage.bind(this);
    this.refresh = this.refresh.bind(this);
  }

  get hasNextPage(): boolean {
    return this.getSnapshot().hasNextPage;
  }

  async fetchNextPage(): Promise<void> {
    if (!this.hasNextPage) return;
    this.#count += 1;
    const page = this.#count;
    // A page asked for and not shown yet: there is no next page to offer until it is.
    this.update({
      pageCount: page,
      hasNextPage: false,
      fetchingNextPage: true,
      nextPageStatus: 'loading',
    } as Partial<PagesSnapshot<O>>);
    if (this.started) await this.#attach(page).source.settled();
  }

  async refresh(): Promise<void> {
    if (!this.started) return;
    await this.#attached.get(1)?.source.revalidate();
    await Promise.all(
      [...this.#attached]
        .filter(([page, a]) => page > 1 && a.source.snapshot.status !== 'fresh')
        .map(([, a]) => a.source.revalidate()),
    );
  }

  /** Never the previous user's pages: a user change since the last subscription starts over from loading. */
  override getSnapshot(): PagesSnapshot<O> {
    if (!this.started) {
      const current = this.#pageOne();
      if ('error' in current) this.#showSignedOut();
      else if (current.key !== this.#shownKey) this.#reset(current.key);
    }
    return super.getSnapshot();
  }

  protected start(): void {
    // A per-user list follows the current user: another user's pages, or none signed out.
    this.#stopFollowing = this.#engine.onUserChange(() => this.#follow());
    const current = this.#pageOne();
    if ('error' in current) {
      this.#showSignedOut();
      return;
    }
    if (current.key !== this.#shownKey) this.#reset(current.key);
    for (let page = 1; page <= this.#count; page++) this.#attach(page);
    void this.#resume(current.key);
  }

  /** Shows again the pages of this list stored before (a reload, another tab): up to `RESUMED_PAGES`. */
  async #resume(key: string): Promise<void> {
    let stored: number;
    try {
      stored = await this.#engine.storedPageCount(this.#call(1).call, RESUMED_PAGES);
    } catch {
      // Closed or signed out meanwhile: there is nothing to resume.
      return;
    }
    // Closed during the wait: page 1's call is kept, but the pages below would be prepared by a closed engine.
    if (this.#engine.closed || !this.started || this.#shownKey !== key || stored <= this.#count) return;
    const from = this.#count + 1;
    this.#count = stored;
    this.update({ pageCount: stored, hasNextPage: false } as Partial<PagesSnapshot<O>>);
    for (let page = from; page <= stored; page++) this.#attach(page);
  }

  protected stop(): void {
    this.#stopFollowing?.();
    this.#stopFollowing = undefined;
    this.#detachAll();
  }

  #detachAll(): void {
    for (const { unsubscribe } of this.#attached.values()) unsubscribe();
    this.#attached.clear();
  }

  /** Page 1's request key for the current user, or the error that says a user is needed. */
  #pageOne(): { key: string } | { error: unknown } {
    try {
      return { key: this.#call(1).call.requestKey };
    } catch (error) {
      return { error };
    }
  }

  /** The user changed while subscribed: the new user's pages from page 1, or nothing signed out. */
  #follow(): void {
    if (!this.started) return;
    const current = this.#pageOne();
    if ('key' in current && current.key === this.#shownKey && this.#attached.size > 0) return;
    this.#detachAll();
    if ('error' in current) {
      this.#showSignedOut();
      return;
    }
    this.#reset(current.key);
    this.#attach(1);
  }

  #reset(key: string): void {
    this.#shownKey = key;
    this.#count = 1;
    this.update(PAGES_LOADING as Partial<PagesSnapshot<O>>);
  }

  #showSignedOut(): void {
    // Disabled until a user signs in, as a list made signed out is; once, so `getSnapshot()` stays the same object.
    if (this.#shownKey === undefined && super.getSnapshot().disabled) return;
    this.#shownKey = undefined;
    this.#count = 1;
    this.update(PAGES_DISABLED as Partial<PagesSnapshot<O>>);
  }

  /** Page `page`'s call for the current user: prepared once (again only after a per-user list's user changed). */
  #call(page: number) {
    if (this.#perUser && this.#engine.user !== this.#callsFor) {
      this.#calls.clear();
      this.#callsFor = this.#engine.user;
    }
    let call = this.#calls.get(page);
    if (call === undefined) {
      call = this.#engine.prepare(this.#operation, { ...this.#base, page } as unknown as CatalogueParams<O>);
      this.#calls.set(page, call);
    }
    return { call };
  }

  #attach(page: number): Attached<O> {
    const { call } = this.#call(page);
    const source = this.#engine.entryFor(call);
    const unsubscribe = source.observe(() => this.#combine(), page === 1 ? 'fresh' : 'present');
    const attached = { source, unsubscribe };
    this.#attached.set(page, attached);
    this.#combine();
    return attached;
  }

  /** One snapshot from the pages' snapshots (`combinePages`). */
  #combine(): void {
    const snapshots = [...this.#attached.entries()].sort(([a], [b]) => a - b).map(([, a]) => a.source.snapshot);
    if (snapshots.length === 0) return;
    this.update(combinePages<O>(snapshots, this.#count));
  }
}

import type { ResponseOf } from '../api/endpoints.js';
import type { Clock, Logger } from '../env.js';
import { PendingMutationsError } from '../errors/pending-mutations-error.js';
import type { RequestQueue } from '../queue/request-queue.js';
import type { CatalogueDatabase } from '../store/catalogue-database.js';
import type { UserRow } from '../store/outbox-rows.js';
import { countPending } from '../store/outbox-store.js';
import { purgeUserScope } from '../store/purge-user-scope.js';
import type { ScopeChannel } from './instance-coordination.js';
import type { Outbox } from './outbox.js';
import type { SyncEngine } from './sync-engine.js';
import { createUserScope, type UserScope } from './user-scope.js';

export interface UserSessionsDeps {
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
  readonly queue: RequestQueue;
  readonly outbox: Outbox;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Sign-outs told to and heard from the other instances on the database. @default this instance only */
  readonly scopes?: ScopeChannel | undefined;
}

export interface SignOutOptions {
  /** Sign out even with changes not sent yet: they are dropped with the user's data. @default false */
  force?: boolean;
}

/** What `createSession` and `createGuestSession` tell the app: never the session id itself. */
export interface SignedIn {
  readonly userScopeId: string;
  readonly account_id?: number;
  readonly expires_at?: string;
}

/**
 * Sessions and the persisted user scope. The `users` table is the only place a session id is written (so a reload
 * can replay the user's outbox); signing out revokes the session and deletes the row with all the user's data.
 */
export class UserSessions {
  readonly #deps: UserSessionsDeps;
  /** Settles when the user of the last session (if any) is restored into the engine. */
  readonly ready: Promise<void>;

  constructor(deps: UserSessionsDeps) {
    this.#deps = deps;
    this.ready = this.#restore();
    // Signed out in another tab or the worker: ended here too.
    deps.scopes?.onSignedOut((userScope) => this.#end(userScope));
  }

  /** Ends a scope in this instance: its reads and sends are aborted, and nothing is written under it again. */
  #end(userScope: string): void {
    this.#deps.engine.endScope(userScope);
    this.#deps.outbox.abortScope(userScope);
  }

  async #restore(): Promise<void> {
    const { db, engine, logger } = this.#deps;
    try {
      const users: UserRow[] = await db.users.toArray();
      const row = users.find((user) => user.current === 1);
      if (row && !engine.user) engine.setUser(await createUserScope(row.credentials));
    } catch (error) {
      logger.error('catalogue-sync: could not restore the signed-in user', { error: (error as Error)?.name });
    }
    this.#deps.outbox.drainSoon();
  }

  /** Selects the user per-user operations act for, and remembers them for the next instance on this database. */
  async setUser(credentials: unknown): Promise<UserScope> {
    await this.ready;
    const { db, engine, clock } = this.#deps;
    const scope = await createUserScope(credentials);
    await db.transaction('rw', db.users, async () => {
      await db.users.toCollection().modify({ current: 0 });
      const row: UserRow = { id: scope.id, credentials: scope.credentials, selectedAt: clock.now(), current: 1 };
      if (scope.accountId !== undefined) row.accountId = scope.accountId;
      await db.users.put(row);
    });
    engine.setUser(scope);
    this.#deps.outbox.drainSoon();
    return scope;
  }

  /**
   * Signs the current user out: refuses with `PendingMutationsError` while their changes wait or are being sent
   * (unless `force`), ends the scope in every instance on the database (queued and in-flight reads aborted, nothing
   * written under it again), revokes an account session with the service (best effort: offline, the local sign-out
   * still happens), then removes the user's data, outbox and session row in one transaction.
   */
  async signOut(options: SignOutOptions = {}): Promise<void> {
    await this.ready;
    const { db, engine } = this.#deps;
    const user = engine.user;
    if (!user) return;
    const pending = await countPending(db, user.id);
    if (pending > 0 && options.force !== true) throw new PendingMutationsError({ count: pending, userScope: user.id });
    this.#end(user.id);
    this.#deps.scopes?.signedOut(user.id);
    if ('session_id' in user.credentials) await this.#revoke(user.credentials.session_id, user.id);
    // Read marks written before the purge are purged with it; the ones noted since the scope ended are dropped.
    await engine.flushReads();
    await purgeUserScope(db, user.id);
  }

  async #revoke(sessionId: string, userScope: string): Promise<void> {
    try {
      await this.#deps.queue.request('deleteSession', { session_id: sessionId }, { offline: 'fail' });
    } catch (error) {
      // The session stays valid on the service until it expires; locally nothing of it is kept.
      this.#deps.logger.warn('catalogue-sync: could not revoke the session', {
        userScope,
        error: (error as Error)?.name,
      });
    }
  }

  /** `GET /3/authentication`: whether the access token is accepted. */
  async validate(): Promise<ResponseOf<'validateToken'>> {
    return (await this.#deps.queue.request('validateToken', {})).data;
  }

  /** A request token for the user to approve on the service's site (valid 60 min). Never stored. */
  async createRequestToken(): Promise<ResponseOf<'createRequestToken'>> {
    return (await this.#deps.queue.request('createRequestToken', {})).data;
  }

  /**
   * Exchanges an approved request token for a session, learns its account (`GET /3/account`) and signs that
   * account in. The token and the session id are never returned, logged or stored outside the user's row.
   */
  async createSession(requestToken: string): Promise<SignedIn> {
    if (typeof requestToken !== 'string' || requestToken === '') {
      throw new TypeError('createSession: requestToken must be a non-empty string');
    }
    const { queue } = this.#deps;
    const session = await queue.request('createSession', { request_token: requestToken });
    const session_id = session.data.session_id;
    const account = await queue.request('accountDetails', { session_id });
    const scope = await this.setUser({ account_id: account.data.id, session_id });
    return { userScopeId: scope.id, account_id: account.data.id };
  }

  /** Opens a guest session (it can only rate) and signs it in. */
  async createGuestSession(): Promise<SignedIn> {
    const guest = await this.#deps.queue.request('createGuestSession', {});
    const scope = await this.setUser({ guest_session_id: guest.data.guest_session_id });
    return { userScopeId: scope.id, expires_at: guest.data.expires_at };
  }
}

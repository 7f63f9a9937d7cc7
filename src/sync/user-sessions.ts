import type { ResponseOf } from '../api/endpoints.js';
import type { Clock, Logger } from '../env.js';
import { PendingMutationsError } from '../errors/pending-mutations-error.js';
import type { RequestQueue } from '../queue/request-queue.js';
import { purgePlan, purgeUserScope } from '../store/auth/purge-user-scope.js';
import { markSigningOut, unfinishedSignOuts } from '../store/auth/sign-out-mark.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { countPending } from '../store/outbox/pending-rows.js';
import { isSignedIn, type UserRow } from '../store/tables/outbox-rows.js';
import { writeThrough } from '../store/write/write-gate.js';
import { WritePlan } from '../store/write/write-plan.js';
import type { EngineUserScope } from './engine-user-scope.js';
import type { ScopeChannel } from './instance-coordination.js';
import type { LazyOutbox } from './lazy-outbox.js';
import type { SyncEngine } from './sync-engine.js';
import { createUserScope, type UserScope } from './user-scope.js';

export interface UserSessionsDeps {
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
  /** Who per-user operations act for: set at sign-in and restore, ended at sign-out. */
  readonly users: EngineUserScope;
  readonly queue: RequestQueue;
  readonly outbox: Pick<LazyOutbox, 'abortScope' | 'drainSoon' | 'prepare'>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Sign-outs told to and heard from the other instances on the database. @default this instance only */
  readonly scopes?: ScopeChannel | undefined;
  /**
   * Runs first at start, before unfinished sign-outs are finished and any user is restored: the adoption of the
   * earlier releases' users (a sign-out begun here must still be seen, so its user is not adopted back). Must not
   * reject. @default nothing
   */
  readonly beforeRestore?: () => Promise<unknown>;
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
 * can replay the user's outbox). Signing out finishes on the device before it touches the network:
 *
 *   first answers emptied (one readwrite transaction on their database, which also opens a write session there)
 *   → mark (the row loses its credentials and stops being current: no start restores the user from here on)
 *   → the user's data, outbox and row deleted in one transaction
 *   → the session revoked with the service, its id held in memory only.
 *
 * The first answers go FIRST because the first-read path shows them before the core (and its database) has loaded:
 * it cannot see a mark, so whatever it finds must already be free of the user when the mark lands. Emptying them
 * before the mark, rather than tombstoning (a row `readFirstAnswer` would check), costs the first-read path nothing;
 * and it stays empty of the user: the emptying opens a write session of the first answers (`FirstAnswers.guard`)
 * that spans the mark and the purge, so no tab stores an answer while it is open (its epoch refuses answers read
 * before it), and the keeper of every tab stores none while a mark is found (`first-answer-keeper.ts`) — a session
 * left open by a page that died lapses, the mark stays until a start purges. A clearing rather than the database's
 * deletion: another tab's open connection cannot block it.
 *
 * A sign-out interrupted after the mark (the page closed, a full disk, a revoke that never answers) is finished by
 * the next start before it restores anyone. On a full disk that refuses even the mark, the purge (deletes only) is
 * the step that makes the sign-out durable, in one transaction: before it nothing of the user has gone, after it
 * everything has.
 */
export class UserSessions {
  readonly #deps: UserSessionsDeps;
  /** Settles when unfinished sign-outs are finished (or tried) and the last session's user (if any) restored. */
  readonly ready: Promise<void>;

  constructor(deps: UserSessionsDeps) {
    this.#deps = deps;
    this.ready = this.#restore();
    // Signed out in another tab or the worker: ended here too.
    deps.scopes?.onSignedOut((userScope) => this.#end(userScope));
  }

  /** Ends a scope in this instance: its reads and sends are aborted, and nothing is written under it again. */
  #end(userScope: string): void {
    this.#deps.users.end(userScope);
    this.#deps.outbox.abortScope(userScope);
  }

  async #restore(): Promise<void> {
    const { db, users: current, logger } = this.#deps;
    await this.#deps.beforeRestore?.();
    try {
      // Before any user is restored: a page closed mid-sign-out must not show that user's data to the next one.
      // No first answer shows a user whose row carries the mark (see the class comment); the purge's write session
      // empties them again before it deletes anything.
      for (const userScope of await unfinishedSignOuts(db)) await purgeUserScope(db, userScope);
    } catch (error) {
      logger.error('catalogue-sync: could not finish a sign-out', { error: (error as Error)?.name });
    }
    try {
      const users = await db.users.toArray();
      const row = users.find((user): user is UserRow => isSignedIn(user) && user.current === 1);
      if (row && !current.user) {
        current.set(await createUserScope(row.credentials));
        this.#deps.outbox.prepare();
      }
    } catch (error) {
      logger.error('catalogue-sync: could not restore the signed-in user', { error: (error as Error)?.name });
    }
    // The adoption ran at the top of this start: the first drain claims at once.
    this.#deps.outbox.drainSoon(this.#deps.beforeRestore !== undefined);
  }

  /**
   * Selects the user per-user operations act for, and remembers them for the next instance on this database. The
   * same user signing in again (a new session after the service refused the old one) releases their changes that
   * waited for it.
   */
  async setUser(credentials: unknown): Promise<UserScope> {
    await this.ready;
    const { db, users, clock } = this.#deps;
    const scope = await createUserScope(credentials);
    // Every user row (the current one changes) and the user's waiting changes.
    await writeThrough(db, WritePlan.wholeTables([db.users.name, db.outbox.name]), async () => {
      await db.users.toCollection().modify({ current: 0 });
      const row: UserRow = { id: scope.id, credentials: scope.credentials, selectedAt: clock.now(), current: 1 };
      if (scope.accountId !== undefined) row.accountId = scope.accountId;
      await db.users.put(row);
      await db.outbox
        .where('userScope')
        .equals(scope.id)
        .filter((change) => change.waitingFor !== undefined)
        .modify((change) => {
          delete change.waitingFor;
        });
    });
    users.set(scope);
    this.#deps.outbox.prepare();
    this.#deps.outbox.drainSoon();
    return scope;
  }

  /**
   * Signs the current user out: refuses with `PendingMutationsError` while their changes wait or are being sent
   * (unless `force`), ends the scope in every instance on the database (queued and in-flight reads aborted, nothing
   * written under it again), deletes on this device what was stored for the user (see the class comment), then
   * revokes an account session with the service (best effort: offline, the local sign-out has happened already).
   * Resolves once the revoke has ended; rejects when nothing of the sign-out could be written (database closed).
   */
  async signOut(options: SignOutOptions = {}): Promise<void> {
    await this.ready;
    const { db, engine, users, clock, logger } = this.#deps;
    const user = users.user;
    if (!user) return;
    const pending = await countPending(db, user.id);
    if (pending > 0 && options.force !== true) throw new PendingMutationsError({ count: pending, userScope: user.id });
    // From here the credentials live in this call only: the row is about to lose them.
    const { credentials } = user;
    this.#end(user.id);
    this.#deps.scopes?.signedOut(user.id);
    let marked = false;
    try {
      // The mark's plan names the purge's rows ahead: the write gate deletes the answers the purge will change
      // before the mark lands. Not marked (a full disk): the purge below is then what makes the sign-out durable.
      const plan = WritePlan.rows(db.users.name, [user.id]).and(WritePlan.ahead(purgePlan(db)));
      marked = await writeThrough(db, plan, () => markSigningOut(db, user.id, clock.now()), {
        onFullDisk: 'fail',
      }).catch(() => false);
      // Read marks written before the purge are purged with it; the ones noted since the scope ended are dropped.
      await engine.flushReads().catch(() => {});
      await purgeUserScope(db, user.id);
    } catch (error) {
      // With the mark, the next start finishes the deletion before it restores anyone.
      logger.error('catalogue-sync: could not delete the signed-out user’s data', {
        userScope: user.id,
        marked,
        error: (error as Error)?.name,
      });
      // Nothing of the sign-out landed (the database closed): the user stays on this device, so their session is
      // not revoked under them, and the caller learns it failed.
      if (!marked) throw error;
    }
    if ('session_id' in credentials) await this.#revoke(credentials.session_id, user.id);
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

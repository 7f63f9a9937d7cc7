/**
 * What the e2e test page exposes on `window.e2e`, for tests to drive through `page.evaluate`. Catalogue
 * instances live in the page under a handle (functions and class instances cannot cross `evaluate`); every
 * answer is plain data.
 */
import type { OperationName } from '../../../src/api/endpoints.js';
import type { WriteResult } from '../../../src/store/records/write-response.js';
import type { SyncStatus } from '../../../src/sync/sync-status.js';

/** Parameters as the service names them (the engine validates them, as for any caller). */
export type PageParams = Record<string, unknown>;

export interface OpenOptions {
  /** @default 'catalogue-e2e' */
  dbName?: string;
  /** @default the fake's FAKE_ACCESS_TOKEN */
  accessToken?: string;
  /** @default the page's own origin (the one-process server) */
  baseUrl?: string;
  /** The catalogue's `outboxLeaseMs`. @default the catalogue's */
  outboxLeaseMs?: number;
}

/** What the page's outbox holds now (every user), oldest first. */
export interface OutboxRowState {
  readonly seq: number;
  readonly operation: string;
  readonly state: string;
  readonly attempts: number;
}

/** How a pull started with `startPull` stands: its promise cannot cross `evaluate` while pending. */
export type PullState =
  | { state: 'pending' }
  | { state: 'fulfilled'; value: WriteResult }
  | { state: 'rejected'; error: { name: string; message: string } };

/** Every object store of every database of the origin: store name → rows (values), for secret scans. */
export type IndexedDBDump = Record<string, Record<string, unknown[]>>;

export interface E2EPageApi {
  /** Creates a catalogue under `handle` (replacing nothing: a handle in use is an error). */
  open(handle: string, options?: OpenOptions): void;
  pull(handle: string, operation: OperationName, params?: PageParams): Promise<WriteResult>;
  /** Starts a pull without waiting; returns its id for `pullState`. */
  startPull(handle: string, operation: OperationName, params?: PageParams): number;
  pullState(id: number): PullState;
  read(handle: string, operation: OperationName, params?: PageParams): Promise<unknown>;
  configuration(handle: string): Promise<unknown>;
  status(handle: string): SyncStatus;
  close(handle: string): Promise<void>;
  setUser(handle: string, credentials: { account_id: number; session_id: string }): Promise<void>;
  /** Marks a series a favorite or not: returns the receipt's outcome (`queued`, `coalesced`, `cancelled`). */
  markFavorite(handle: string, series_id: number, favorite: boolean): Promise<string>;
  outbox(handle: string): Promise<OutboxRowState[]>;
  dumpIndexedDB(): Promise<IndexedDBDump>;
}

declare global {
  interface Window {
    e2e: E2EPageApi;
  }
}

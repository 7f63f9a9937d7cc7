import type { EventEmitter } from 'eventemitter3';
import { isSchemaValidationError, type SchemaValidationError } from '../errors/index.js';
import { isScopeEndedError } from '../errors/scope-ended-error.js';
import { scrubMessage } from '../errors/scrub-message.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { quarantineResponse } from '../store/records/quarantine-response.js';
import { recordSyncError } from '../store/records/sync-meta.js';
import type { CatalogueEvents } from './catalogue-events.js';
import type { EngineOptions } from './engine-options.js';
import type { EngineStatus } from './engine-status.js';
import type { PreparedCall } from './prepare-call.js';

export interface PullFailureDeps {
  readonly db: CatalogueDatabase;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly options: Pick<EngineOptions, 'clock' | 'logger'>;
  /** Whether the user scope was signed out (nothing is written under it then, not even its error). */
  readonly users: { hasEnded(scope: string): boolean };
  readonly status: Pick<EngineStatus, 'current' | 'transition'>;
}

function plainError(error: unknown): { name: string; message: string; status?: number; statusCode?: number } {
  const e = error as { name?: unknown; message?: unknown; status?: unknown; statusCode?: unknown };
  const plain: { name: string; message: string; status?: number; statusCode?: number } = {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: scrubMessage(typeof e?.message === 'string' ? e.message : String(error)),
  };
  if (typeof e?.status === 'number') plain.status = e.status;
  if (typeof e?.statusCode === 'number') plain.statusCode = e.statusCode;
  return plain;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && error === signal.reason;
}

/**
 * What a failed pull leaves: its error on the key's freshness row (a validation failure also quarantines the
 * response), an `error` or `quarantined` event, the status, and a log line, all credential-free. A caller's abort
 * or a signed-out scope is no failure: nothing is recorded.
 */
export async function recordPullFailure(
  deps: PullFailureDeps,
  call: PreparedCall<StoredOperation>,
  error: unknown,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { db, emitter, options, status } = deps;
  const { clock, logger } = options;
  const at = clock.now();
  const { operation, requestKey } = call;
  // Signed out meanwhile: nothing is written under the scope, not even its error.
  const ended = call.userScope !== undefined && deps.users.hasEnded(call.userScope);
  if (isAbort(error, signal) || ended || isScopeEndedError(error)) {
    // A caller changing its mind is not a failure of the service: no error state, nothing recorded.
    status.transition({ type: 'succeeded', at: status.current.lastSyncedAt ?? at });
    return;
  }
  const plain = plainError(error);
  const info = { name: plain.name, message: plain.message, operation, at };
  try {
    if (isSchemaValidationError(error)) {
      await quarantineResponse(db, { operation, requestKey, error: error as SchemaValidationError, receivedAt: at });
    }
    await recordSyncError(db, {
      requestKey,
      operation,
      ...(call.userScope === undefined ? {} : { userScope: call.userScope }),
      error: plain,
      now: at,
    });
  } catch (storeError) {
    logger.error('catalogue-sync: could not record a failed pull', {
      operation,
      requestKey,
      error: plainError(storeError).message,
    });
  }
  if (isSchemaValidationError(error)) {
    const path = (error as SchemaValidationError).path;
    emitter.emit('quarantined', { operation, requestKey, path, message: plain.message, at });
    status.transition({ type: 'quarantined', error: info });
  } else {
    emitter.emit('error', { operation, requestKey, error: plain, at });
    status.transition({ type: 'failed', error: info });
  }
  logger.warn('catalogue-sync: pull failed', { operation, requestKey, error: plain.name });
}

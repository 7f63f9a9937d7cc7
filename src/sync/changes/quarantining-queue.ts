import type { EventEmitter } from 'eventemitter3';
import type { OperationName } from '../../api/endpoints.js';
import { type PreparedRequest, prepareRequest } from '../../api/prepared-request.js';
import type { Clock, Logger } from '../../env.js';
import { isSchemaValidationError, type SchemaValidationError } from '../../errors/schema-validation-error.js';
import type { RequestQueue } from '../../queue/request-queue.js';
import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import { quarantineResponse } from '../../store/records/quarantine-response.js';
import { storeRequestKey } from '../../store/store-keys.js';
import type { CatalogueEvents } from '../catalogue-events.js';

export interface QuarantiningDeps {
  readonly db: CatalogueDatabase;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * The queue as the change feed sees it: a feed answer that fails validation (malformed JSON, a schema violation)
 * is quarantined like a pulled one (DESIGN: "a response that fails validation … is quarantined and reported"),
 * then rejected as before. The feeds go to the queue directly rather than through `SyncEngine.pull`, so without
 * this their corrupt payloads were only logged (found by test/reliability/chaos-sync.test.ts).
 */
export function quarantiningQueue(queue: RequestQueue, deps: QuarantiningDeps): RequestQueue {
  const send = (async (prepared: PreparedRequest, options?: object) => {
    try {
      return await queue.send(prepared, options as never);
    } catch (error) {
      if (isSchemaValidationError(error)) {
        await quarantine(deps, prepared.operation, prepared.params, error as SchemaValidationError);
      }
      throw error;
    }
  }) as RequestQueue['send'];
  const request = (async (operation: OperationName, params: never, options?: object) =>
    send(prepareRequest(operation, params), options as never)) as RequestQueue['request'];
  // Everything else is the queue's own: one queue, one rate, one set of events.
  return {
    send,
    request,
    adopt: (answer) => queue.adopt(answer),
    on: (event, listener) => queue.on(event, listener),
    off: (event, listener) => queue.off(event, listener),
    get stats() {
      return queue.stats;
    },
    onIdle: () => queue.onIdle(),
    setRateLimit: (rateLimit) => queue.setRateLimit(rateLimit),
    pause: () => queue.pause(),
    resume: () => queue.resume(),
    clear: (reason) => queue.clear(reason),
    close: () => queue.close(),
  };
}

async function quarantine(
  deps: QuarantiningDeps,
  operation: OperationName,
  params: Readonly<Record<string, unknown>>,
  error: SchemaValidationError,
): Promise<void> {
  const at = deps.clock.now();
  // Change feeds are public: their parameters carry no credential, so the store key is safe to record.
  const requestKey = storeRequestKey(operation, params);
  try {
    await quarantineResponse(deps.db, { operation, requestKey, error, receivedAt: at });
  } catch (storeError) {
    deps.logger.error('catalogue-sync: could not quarantine a change feed answer', {
      operation,
      requestKey,
      error: (storeError as { name?: unknown })?.name,
    });
  }
  deps.emitter.emit('quarantined', { operation, requestKey, path: error.path, message: error.message, at });
}

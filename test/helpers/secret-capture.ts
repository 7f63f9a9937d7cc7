import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import type { Logger } from '../../src/env.js';
import type { CatalogueDatabase } from '../../src/store/database/catalogue-database.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';

/**
 * What a test file scans for secrets once its cases ran: the secrets the fake handed out, and every place the
 * library could have leaked one to (its log lines, its event payloads, its databases). One capture spans the file,
 * so a leak in any case of it is found.
 */
export interface SecretCapture {
  /** The access token, and every session id, guest session id and request token the fake answered with. */
  readonly secrets: Set<string>;
  /** Every log line and event of every instance, as JSON. */
  readonly output: string[];
  /** Every instance's database, once its core arrived. */
  readonly databases: CatalogueDatabase[];
}

const EVENTS = ['mutationFailed', 'mutationSent', 'error', 'stored', 'status', 'request', 'response', 'retry'] as const;
const SECRET_FIELDS = ['session_id', 'guest_session_id', 'request_token'];

export function secretCapture(): SecretCapture {
  return { secrets: new Set([FAKE_ACCESS_TOKEN]), output: [], databases: [] };
}

/** A logger whose every line lands in the capture. */
export function capturingLogger(capture: SecretCapture): Logger {
  const line = (...args: unknown[]) => capture.output.push(JSON.stringify(args));
  return { debug: line, info: line, warn: line, error: line };
}

/** Records the instance's events, and its database once its core arrives (the main entry's comes after `open()`). */
export function captureInstance(capture: SecretCapture, catalogue: Catalogue): void {
  for (const event of EVENTS) {
    catalogue.on(event, (...args: unknown[]) => capture.output.push(JSON.stringify([event, ...args])));
  }
  void catalogue.auth.ready().then(
    () => capture.databases.push(databaseOf(catalogue)),
    () => {},
  );
}

/** The session ids and request tokens an answer carries become secrets the scan looks for. */
export async function captureSecrets(capture: SecretCapture, response: Response): Promise<void> {
  const text = await response.text().catch(() => '');
  for (const key of SECRET_FIELDS) {
    const match = new RegExp(`"${key}":"([^"]+)"`).exec(text);
    if (match?.[1]) capture.secrets.add(match[1]);
  }
}

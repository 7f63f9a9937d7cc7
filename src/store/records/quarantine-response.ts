import type { SchemaValidationError } from '../../errors/schema-validation-error.js';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { QuarantineIssue, QuarantineRow } from '../tables/rows.js';

export interface QuarantineInput {
  readonly operation: string;
  /** The store request key (credential-free: it names the user scope, never a session). */
  readonly requestKey: string;
  readonly error: SchemaValidationError;
  readonly receivedAt: number;
}

const CREDENTIAL_IN_KEY = /[?&](?:guest_)?session_id=/;

/** Plain copies of zod issues: only code, dotted path and message (never the offending input). */
function plainIssues(error: SchemaValidationError): QuarantineIssue[] {
  return error.issues.map((issue) => ({
    code: String(issue.code),
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * Records a response that failed validation. It touches no record, list page or freshness row: the data
 * served before stays served. Returns the quarantine row's id.
 */
export async function quarantineResponse(db: CatalogueDatabase, input: QuarantineInput): Promise<number> {
  if (CREDENTIAL_IN_KEY.test(input.requestKey)) {
    throw new TypeError('quarantineResponse: the request key carries a session id; use the store request key');
  }
  const row: QuarantineRow = {
    operation: input.operation,
    requestKey: input.requestKey,
    path: input.error.path,
    issues: plainIssues(input.error),
    receivedAt: input.receivedAt,
  };
  return db.quarantine.add(row);
}

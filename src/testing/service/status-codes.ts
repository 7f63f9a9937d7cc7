/** The service's status codes the fake answers with: HTTP status and message (FACTS §1b). */
export const STATUS_CODES = {
  1: [200, 'Success.'],
  3: [401, 'Authentication failed: You do not have permissions to access the service.'],
  5: [422, 'Invalid parameters: Your request parameters are incorrect.'],
  7: [401, 'Invalid API key: You must be granted a valid key.'],
  9: [503, 'Service offline: This service is temporarily offline, try again later.'],
  11: [500, 'Internal error: Something went wrong, contact TMDB.'],
  12: [201, 'The item/record was updated successfully.'],
  13: [200, 'The item/record was deleted successfully.'],
  17: [401, 'Session denied.'],
  18: [400, 'Validation failed.'],
  20: [422, 'Invalid date range: Should be a range no longer than 14 days.'],
  21: [200, 'Entry not found: The item you are trying to edit cannot be found.'],
  22: [400, 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.'],
  23: [400, 'Invalid date: Format needs to be YYYY-MM-DD.'],
  24: [504, 'Your request to the backend server timed out. Try again.'],
  27: [400, 'Too many append to response objects: The maximum number of remote calls is 20.'],
  28: [400, 'Invalid timezone: Please consult the documentation for a valid timezone.'],
  33: [401, 'Invalid request token: The request token is either expired or invalid.'],
  34: [404, 'The resource you requested could not be found.'],
  37: [404, 'The requested session could not be found.'],
  38: [401, "You don't have permission to edit this resource."],
  43: [502, "Couldn't connect to the backend server."],
  47: [400, 'The input is not valid.'],
} as const satisfies Record<number, readonly [number, string]>;

export type StatusCode = keyof typeof STATUS_CODES;

/** What a handler answers: an HTTP status, a JSON body and, rarely, headers of its own. */
export interface HandlerResult {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** The envelope `{"success":false,"status_code":N,"status_message":"…"}` (key order of the WM captures). */
export function statusResult(code: StatusCode): HandlerResult {
  const [status, message] = STATUS_CODES[code];
  const success = code === 1 || code === 12 || code === 13;
  // The real session-denied answer carries an extra `failure` key (FACTS §1a).
  const body =
    code === 17
      ? { success, failure: true, status_code: code, status_message: message }
      : { success, status_code: code, status_message: message };
  return { status, body };
}

/** The request-validation shape: HTTP 422 `{"errors":["…"]}`. */
export function validationResult(message: string): HandlerResult {
  return { status: 422, body: { errors: [message] } };
}

/** Thrown by handlers to answer with an error; the pipeline turns it into the response. */
export class FakeFailure extends Error {
  override readonly name = 'FakeFailure';
  constructor(readonly result: HandlerResult) {
    super(`fake service failure ${result.status}`);
  }
}

export function fail(code: StatusCode): never {
  throw new FakeFailure(statusResult(code));
}

import { dayOf } from '../data/text.js';
import type { OperationRequest } from '../service/request.js';
import { fail } from '../service/status-codes.js';

const DAY_MS = 86_400_000;

function dateParam(req: OperationRequest, name: string): number | undefined {
  const raw = req.query.get(name);
  if (raw === null) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? dayOf(raw) : undefined;
  return day !== undefined && Number.isFinite(day) ? day : fail(23);
}

/**
 * The window of a change feed in clock milliseconds, both ends included: the last 24 hours by default;
 * `start_date`/`end_date` cover whole UTC days and may span at most 14 days (else 422 code 20, FACTS §6).
 */
export function changesWindow(req: OperationRequest): { from: number; to: number } {
  const startDay = dateParam(req, 'start_date');
  const endDay = dateParam(req, 'end_date');
  if (startDay === undefined && endDay === undefined) return { from: req.now - DAY_MS, to: req.now };
  const todayDay = Math.floor(req.now / DAY_MS);
  const first = startDay ?? (endDay as number) - 1;
  const last = endDay ?? todayDay;
  if (last < first || last - first > 14) fail(20);
  return { from: first * DAY_MS, to: (last + 1) * DAY_MS - 1 };
}

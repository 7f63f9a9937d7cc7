/** The validation of `catalogue.news` arguments: a TypeError naming the call and the value. */
export function seriesIdsArg(call: string, seriesIds: unknown): number[] {
  if (!Array.isArray(seriesIds)) {
    throw new TypeError(`news.${call}: series ids must be an array of positive integers, got ${String(seriesIds)}`);
  }
  for (const id of seriesIds) {
    if (!(Number.isSafeInteger(id) && (id as number) >= 1)) {
      throw new TypeError(`news.${call}: a series id must be a positive integer, got ${String(id)}`);
    }
  }
  return [...new Set(seriesIds as number[])];
}

export function sinceArg(since: unknown): number {
  if (typeof since !== 'number' || !Number.isFinite(since)) {
    throw new TypeError(`news.since: \`since\` must be a finite time in ms, got ${String(since)}`);
  }
  return since;
}

export function maxRequestsArg(maxRequests: unknown): number {
  if (maxRequests === undefined) return 10;
  if (!(Number.isSafeInteger(maxRequests) && (maxRequests as number) >= 0)) {
    throw new TypeError(`news.follow: \`maxRequests\` must be a non-negative integer, got ${String(maxRequests)}`);
  }
  return maxRequests as number;
}

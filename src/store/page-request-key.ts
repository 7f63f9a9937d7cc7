import { canonicalQueryString } from '../api/build-request.js';

/**
 * The store request key of page `page` of the list `listKey` (for `userScope`): `storeRequestKey` rebuilt from the
 * list key, whose query holds every other parameter in canonical form, so no caller needs the parameters again.
 */
export function pageRequestKey(listKey: string, page: number, userScope?: string): string {
  const at = listKey.indexOf('?');
  const operation = at < 0 ? listKey : listKey.slice(0, at);
  const params: Record<string, unknown> =
    at < 0 ? {} : Object.fromEntries(new URLSearchParams(listKey.slice(at + 1)).entries());
  params.page = page;
  if (userScope !== undefined) params.user_scope = userScope;
  return `${operation}?${canonicalQueryString(params)}`;
}

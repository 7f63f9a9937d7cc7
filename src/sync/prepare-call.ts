import { calls, type OperationName, type ParamsOf } from '../api/calls.js';
import { type PreparedRequest, prepareRequest } from '../api/prepared-request.js';
import { InvalidParamsError } from '../errors/invalid-params-error.js';
import type { StoreParams } from '../store/mappings/store-mapping.js';
import { listKeyOf, storeRequestKey } from '../store/store-keys.js';
import type { UserScope } from './user-scope.js';

/**
 * What a caller passes to the catalogue: the operation's parameters, minus the credentials the engine injects;
 * `account_id` is optional because the signed-in user's is used when it is left out.
 */
export type CatalogueParams<O extends OperationName> = Omit<
  ParamsOf<O>,
  'session_id' | 'guest_session_id' | 'account_id'
> &
  ('account_id' extends keyof ParamsOf<O> ? { account_id?: number } : unknown);

/**
 * One call, validated and keyed once: ready for the queue (`request`: credentials in) and for the store (credentials
 * out, user scope instead).
 */
export interface PreparedCall<O extends OperationName> {
  readonly operation: O;
  /** What `queue.send` takes: the send parameters, parsed once. */
  readonly request: PreparedRequest<O>;
  readonly storeParams: StoreParams<O>;
  readonly userScope: string | undefined;
  /** The store request key: credential-free. */
  readonly requestKey: string;
  /** A list's identity across its pages (its pages' rows are keyed by it), or undefined for a resource. */
  readonly listKey: string | undefined;
}

const CREDENTIALS = ['session_id', 'guest_session_id'] as const;

/**
 * Validates a call before anything is queued (`InvalidParamsError`), adds the instance's language where the
 * operation takes one, and injects the user's credentials for per-user operations. Session ids never come from
 * parameters: they live in the user scope, so they cannot leak into keys a caller builds.
 */
export function prepareCall<O extends OperationName>(
  operation: O,
  params: CatalogueParams<O> | undefined,
  context: { language: string; user: UserScope | undefined },
): PreparedCall<O> {
  const endpoint = calls[operation];
  const given = { ...(params ?? {}) } as Record<string, unknown>;
  for (const name of CREDENTIALS) {
    if (given[name] !== undefined) {
      throw new InvalidParamsError({ operation, param: name, rule: 'credentials come from setUser(), not parameters' });
    }
  }
  if (endpoint?.takesLanguage) {
    if (given.language === undefined) given.language = context.language;
    else if (given.language !== context.language) {
      throw new InvalidParamsError({
        operation,
        param: 'language',
        rule: `this catalogue holds ${context.language} data; another language needs another catalogue (dbName)`,
      });
    }
  }
  const { user } = context;
  if (endpoint?.scope === 'user') {
    if (!user || user.accountId === undefined) {
      throw new InvalidParamsError({
        operation,
        param: 'session_id',
        rule: 'needs a signed-in account: call setUser({ account_id, session_id }) first',
      });
    }
    if ('account_id' in endpoint.pathParams.shape && given.account_id === undefined) given.account_id = user.accountId;
    given.session_id = (user.credentials as { session_id: string }).session_id;
  } else if (endpoint?.scope === 'user-or-guest') {
    if (!user) {
      throw new InvalidParamsError({
        operation,
        param: 'session_id',
        rule: 'needs a user: call setUser({ account_id, session_id } | { guest_session_id }) first',
      });
    }
    Object.assign(given, user.credentials);
    delete given.account_id;
  }
  const request = prepareRequest(operation, given as ParamsOf<O>);
  const storeParams: Record<string, unknown> = { ...request.params };
  for (const name of CREDENTIALS) delete storeParams[name];
  const userScope = endpoint.scope === 'public' ? undefined : user?.id;
  return {
    operation,
    request,
    storeParams: storeParams as StoreParams<O>,
    userScope,
    requestKey: storeRequestKey(operation, storeParams, userScope),
    listKey: endpoint.kind === 'list' ? listKeyOf(operation, storeParams) : undefined,
  };
}

/**
 * The scope of a per-user call made while nobody is signed in (or before anyone is known to be): validated as for
 * an account, so bad parameters throw at once, and keyed under no real user. Its view waits, disabled, for a
 * sign-in and then reads and fetches the signed-in user's call; nothing is read, sent or stored for this scope.
 */
export const NOBODY: UserScope = { id: 'nobody', accountId: 1, credentials: { account_id: 1, session_id: '-' } };

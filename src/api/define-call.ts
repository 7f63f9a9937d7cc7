import * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call an operation: `public` needs only the bearer token; `user` needs a logged-in session
 * (`session_id`); `user-or-guest` takes a session or a guest session.
 */
export type EndpointScope = 'public' | 'user' | 'user-or-guest';

/**
 * What an operation answers: `list` is a paged envelope (stored as list pages), `resource` one record or
 * sub-resource, `action` a write or a check that is never cached.
 */
export type EndpointKind = 'list' | 'resource' | 'action';

/** A rule that spans several parameters (e.g. "a session or a guest session"). */
export interface CrossParamRule {
  readonly param: string;
  readonly message: string;
  readonly test: (params: Record<string, unknown>) => boolean;
}

export interface CallInput<
  M extends HttpMethod,
  P extends z.core.$ZodShape,
  Q extends z.core.$ZodShape,
  B extends z.core.$ZodShape,
  K extends EndpointKind = EndpointKind,
> {
  readonly method: M;
  /** Path template with `{name}` placeholders, each a key of `pathParams`. */
  readonly path: string;
  readonly pathParams: P;
  readonly query: Q;
  /**
   * Query parameters the library itself always sends with this operation, never the caller's (details ask for
   * their sub-resources with `append_to_response`). Constant per operation, so request keys leave them out.
   */
  readonly fixedQuery?: Readonly<Record<string, string>>;
  readonly body?: B;
  readonly scope: EndpointScope;
  readonly kind: K;
  /** Default lifetime in seconds when the response carries no `Cache-Control: max-age`; 0 for never cached. */
  readonly maxAgeSeconds: number;
  readonly rules?: readonly CrossParamRule[];
}

/**
 * Turns an entry's parameter shapes into strict schemas and their flat union `params`, the one object a
 * caller passes. Strict, because a misspelt filter (`with_genre`) silently ignored is worse than an error.
 */
export function defineCall<
  M extends HttpMethod,
  P extends z.core.$ZodShape,
  Q extends z.core.$ZodShape,
  K extends EndpointKind,
  B extends z.core.$ZodShape = Record<never, never>,
>(input: CallInput<M, P, Q, B, K>) {
  const bodyShape = (input.body ?? {}) as B;
  const placeholders = [...input.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const declared = Object.keys(input.pathParams);
  if (placeholders.length !== declared.length || !placeholders.every((name) => name && name in input.pathParams)) {
    throw new TypeError(`Endpoint ${input.path}: path placeholders and pathParams differ`);
  }
  return {
    method: input.method,
    path: input.path,
    pathParams: z.strictObject(input.pathParams),
    query: z.strictObject(input.query),
    fixedQuery: input.fixedQuery ?? {},
    body: input.body === undefined ? undefined : z.strictObject(bodyShape),
    params: z.strictObject({ ...input.pathParams, ...input.query, ...bodyShape }),
    scope: input.scope,
    kind: input.kind,
    maxAgeSeconds: input.maxAgeSeconds,
    rules: input.rules ?? [],
    /** Whether the operation takes `language` (the engine sends its instance language to these). */
    takesLanguage: 'language' in input.query,
    /** Whether the operation is paged by `page`. */
    paged: 'page' in input.query,
  } as const;
}

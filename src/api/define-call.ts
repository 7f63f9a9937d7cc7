import { type ParamShape, strictObject } from './param-schema.js';

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
  P extends ParamShape,
  Q extends ParamShape,
  B extends ParamShape,
  K extends EndpointKind = EndpointKind,
  S extends boolean = true,
> {
  readonly method: M;
  /** Path template with `{name}` placeholders, each a key of `pathParams`. */
  readonly path: string;
  /** The parameter shapes, made on first use (a page makes those of the calls it makes, not the registry's). */
  readonly pathParams: () => P;
  readonly query: () => Q;
  /**
   * Query parameters the library itself always sends with this operation, never the caller's (details ask for
   * their sub-resources with `append_to_response`). Constant per operation, so request keys leave them out.
   */
  readonly fixedQuery?: Readonly<Record<string, string>>;
  readonly body?: () => B;
  readonly scope: EndpointScope;
  readonly kind: K;
  /**
   * `false` for a GET whose answers are read through, never kept as answers (the change feeds: the engine applies
   * them to the records they name). Every other `list` and `resource` operation is stored: the catalogue makes its
   * views, and the store has its mapping (`store/store-mappings.ts` is typed against this flag).
   */
  readonly stored?: S;
  /** Default lifetime in seconds when the response carries no `Cache-Control: max-age`; 0 for never cached. */
  readonly maxAgeSeconds: number;
  readonly rules?: readonly CrossParamRule[];
}

/** `make()` once, on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * Turns an entry's parameter shapes into strict schemas and their flat union `params`, the one object a
 * caller passes. Strict, because a misspelt filter (`with_genre`) silently ignored is worse than an error.
 */
export function defineCall<
  M extends HttpMethod,
  P extends ParamShape,
  Q extends ParamShape,
  K extends EndpointKind,
  B extends ParamShape = Record<never, never>,
  S extends boolean = true,
>(input: CallInput<M, P, Q, B, K, S>) {
  // Shapes and schemas are made on first use: the first-read path loads this registry before anything is shown.
  const shapes = once(() => {
    const pathShape = input.pathParams();
    const placeholders = [...input.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const declared = Object.keys(pathShape);
    if (placeholders.length !== declared.length || !placeholders.every((name) => name && name in pathShape)) {
      throw new TypeError(`Endpoint ${input.path}: path placeholders and pathParams differ`);
    }
    return { path: pathShape, query: input.query(), body: input.body?.() };
  });
  const pathParams = once(() => strictObject(shapes().path));
  const query = once(() => strictObject(shapes().query));
  const body = once(() => {
    const shape = shapes().body;
    return shape === undefined ? undefined : strictObject(shape);
  });
  const params = once(() => {
    const { path, query: queryShape, body: bodyShape } = shapes();
    return strictObject({ ...path, ...queryShape, ...((bodyShape ?? {}) as B) });
  });
  return {
    method: input.method,
    path: input.path,
    get pathParams() {
      return pathParams();
    },
    get query() {
      return query();
    },
    fixedQuery: input.fixedQuery ?? {},
    get body() {
      return body();
    },
    get params() {
      return params();
    },
    scope: input.scope,
    kind: input.kind,
    stored: (input.kind !== 'action' && input.stored !== false) as K extends 'action' ? false : S,
    maxAgeSeconds: input.maxAgeSeconds,
    rules: input.rules ?? [],
    /** Whether the operation takes `language` (the engine sends its instance language to these). */
    get takesLanguage(): boolean {
      return 'language' in shapes().query;
    },
    /** Whether the operation is paged by `page`. */
    get paged(): boolean {
      return 'page' in shapes().query;
    },
  } as const;
}

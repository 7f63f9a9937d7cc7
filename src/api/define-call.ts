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
  S extends boolean = boolean,
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
   * Whether the operation's answers are stored: the catalogue makes a view of it and the store has its mapping
   * (`store/mappings/store-mappings.ts` is typed against this flag, one mapping each). Always said, never implied by the
   * kind: `false` for every action and for a GET read through, never kept as an answer (the change feeds: the
   * engine applies them to the records they name; the credits the stored details already hold).
   */
  readonly stored: S;
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
  S extends boolean = boolean,
>(input: CallInput<M, P, Q, B, K, S> & (K extends 'action' ? { readonly stored: false } : unknown)) {
  // Shapes and schemas are made on first use, all four at once (each is a closure over its shape): the first-read
  // path loads this registry before anything is shown, and a page makes those of the calls it makes only.
  const made = once(() => {
    const path = input.pathParams();
    const placeholders = [...input.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const declared = Object.keys(path);
    if (placeholders.length !== declared.length || !placeholders.every((name) => name && name in path)) {
      throw new TypeError(`Endpoint ${input.path}: path placeholders and pathParams differ`);
    }
    const query = input.query();
    const body = input.body?.();
    return {
      query,
      pathParams: strictObject(path),
      querySchema: strictObject(query),
      body: body === undefined ? undefined : strictObject(body),
      params: strictObject({ ...path, ...query, ...((body ?? {}) as B) }),
    };
  });
  return {
    // The declaration as written (method, path, scope, kind, stored, lifetime), with its parameter
    // shapes replaced by their schemas and the optional parts filled in.
    ...input,
    get pathParams() {
      return made().pathParams;
    },
    get query() {
      return made().querySchema;
    },
    fixedQuery: input.fixedQuery ?? {},
    get body() {
      return made().body;
    },
    get params() {
      return made().params;
    },
    rules: input.rules ?? [],
    /** Whether the operation takes `language` (the engine sends its instance language to these). */
    get takesLanguage(): boolean {
      return 'language' in made().query;
    },
    /** Whether the operation is paged by `page`. */
    get paged(): boolean {
      return 'page' in made().query;
    },
  } as const;
}

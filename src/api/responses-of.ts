import type * as z from 'zod/mini';

/**
 * The response schemas of a group of calls, one per call and no other (with `satisfies`, a missing or an extra one
 * is a compile error). They sit beside the calls (`registry/<group>-responses.ts`), not in them: the bundlers split
 * by file, and the first-read path, which only validates and keys calls, must not carry zod and the schemas. Each is
 * a builder (`schemas/build/`: `schemaOf`, `pagedOf`), which makes its schema once, on the operation's first use.
 */
export type ResponsesOf<Calls> = { readonly [O in keyof Calls]: () => z.ZodMiniType };

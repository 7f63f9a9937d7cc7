/**
 * Zod without its compiled parsers: under the page's and the worker's CSP (`script-src 'self'`, no
 * `'unsafe-eval'`), zod's `new Function` is refused and reported as a CSP violation, even though zod then falls
 * back. Zod reads the setting as each schema is built (the library's on first use, an app's own often at import),
 * so every entry imports this module FIRST (a library option would come too late for an app's schemas). It stays in
 * the demo rather than the library: the setting is global, and a library must not change how an application's own
 * schemas run. The demo's browser test fails on the violation if an entry ever configures zod too late. The
 * library's own schemas are `zod/mini`, which compiles nothing; the setting covers any classic zod schema loaded
 * beside them (imported here from `zod/mini`, whose `config` is the same global one, so the demo never pulls classic
 * zod in for it).
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

/**
 * Read by each entry: the package says `"sideEffects": false`, so the bundler drops a bare `import` of this
 * module, and the setting with it.
 */
export const ZOD_JITLESS = z.config().jitless === true;

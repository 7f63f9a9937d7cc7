import { en } from 'zod/locales';
import type * as z from 'zod/mini';

/**
 * Parse options that word zod's issues in English ("Too small: expected number to be >=1"), for the parses whose
 * issues reach a caller (`InvalidParamsError`, `SchemaValidationError`, the quarantine). `zod/mini` loads no
 * locale, so without it every issue without a message of its own would read "Invalid input". Passed per parse
 * rather than set with `z.config`: that setting is global, and a library must not change how an application's own
 * schemas report. Imported by name from `zod/locales`, so a bundle keeps only the English one.
 */
export const issueMessages: z.core.ParseContext<z.core.$ZodIssue> = { error: en().localeError };

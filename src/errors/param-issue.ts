/** What an issue is about, with zod's codes for the same failures. */
export type ParamIssueCode =
  | 'invalid_type'
  | 'too_small'
  | 'too_big'
  | 'invalid_value'
  | 'invalid_format'
  | 'unrecognized_keys'
  | 'custom';

/** One broken rule: where (`path[0]` is the parameter's name) and what, in words. */
export interface ParamIssue {
  readonly code: ParamIssueCode;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

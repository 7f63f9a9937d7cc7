import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/**
 * The image helpers' TypeError before the configuration is loaded: one message for the front door (before the core)
 * and the core, kept here beside the helpers' own error.
 */
export const NO_CONFIGURATION_MESSAGE = 'image helpers need the configuration: await catalogue.configuration() first';

/** Why an image URL could not be built; `base`: the configuration's base URL is not an http(s) URL. */
export type ImageUrlErrorReason = 'path' | 'size' | 'kind' | 'base';

/** Why an image URL could not be built. */
export class ImageUrlError extends CatalogueError {
  override readonly name = 'ImageUrlError' as const;
  readonly reason: ImageUrlErrorReason;

  constructor(reason: ImageUrlErrorReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export function isImageUrlError(value: unknown): value is ImageUrlError {
  return isNamedError(value, ImageUrlError, 'ImageUrlError');
}

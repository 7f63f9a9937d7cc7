import { CatalogueError } from './catalogue-error.js';

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
  return (
    value instanceof ImageUrlError ||
    (typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ImageUrlError')
  );
}

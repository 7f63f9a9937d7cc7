import type { Configuration } from '../api/schemas/configuration.js';

/** The kinds of image the configuration has size lists for. */
export type ImageKind = 'backdrop' | 'logo' | 'poster' | 'profile' | 'still';

const SIZE_LISTS = {
  backdrop: 'backdrop_sizes',
  logo: 'logo_sizes',
  poster: 'poster_sizes',
  profile: 'profile_sizes',
  still: 'still_sizes',
} as const satisfies Record<ImageKind, keyof Configuration['images']>;

/** An image path is one `/name.ext` segment: nothing that could climb out of the image base or add a query. */
const IMAGE_PATH = /^\/[A-Za-z0-9_-]+\.[A-Za-z0-9]{2,5}$/;

/** Why an image URL could not be built. */
export class ImageUrlError extends Error {
  override readonly name = 'ImageUrlError' as const;
  readonly reason: 'path' | 'size' | 'kind';

  constructor(reason: 'path' | 'size' | 'kind', message: string) {
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

export interface ImageUrlOptions {
  /**
   * Use the plain-HTTP `base_url` instead of `secure_base_url`.
   * @default false
   */
  insecure?: boolean;
}

function sizesOf(configuration: Configuration, kind: ImageKind): readonly string[] {
  const key = SIZE_LISTS[kind];
  if (!key) throw new ImageUrlError('kind', `unknown image kind ${JSON.stringify(kind)}`);
  return configuration.images[key];
}

function baseOf(configuration: Configuration, options: ImageUrlOptions): string {
  const base = options.insecure ? configuration.images.base_url : configuration.images.secure_base_url;
  return base.endsWith('/') ? base : `${base}/`;
}

/**
 * `secure_base_url + size + path`, e.g. `https://image.tmdb.org/t/p/w500/abc.jpg` (FACTS §8). A size that is
 * not in the configuration's list for that kind, or a path that is not a single `/…` segment, throws: an
 * empty size would give a broken `…/t/p//…` URL, and a crafted path could point elsewhere.
 * Returns undefined for a null path (the record has no image), so callers can show a placeholder.
 */
export function imageUrl(
  configuration: Configuration,
  path: string | null | undefined,
  kind: ImageKind,
  size: string,
  options: ImageUrlOptions = {},
): string | undefined {
  if (path === null || path === undefined) return undefined;
  if (!IMAGE_PATH.test(path)) throw new ImageUrlError('path', `not an image path: ${JSON.stringify(path)}`);
  if (!sizesOf(configuration, kind).includes(size)) {
    throw new ImageUrlError('size', `size ${JSON.stringify(size)} is not a ${kind} size of the configuration`);
  }
  return `${baseOf(configuration, options)}${size}${path}`;
}

/**
 * A `srcset` value with every width-based size of the kind (`w92`, `w185`, …) as `<url> <n>w`; `original`
 * and height-based sizes (`h632`) are left out because a `w` descriptor cannot describe them.
 */
export function srcSet(
  configuration: Configuration,
  path: string | null | undefined,
  kind: ImageKind,
  options: ImageUrlOptions = {},
): string | undefined {
  if (path === null || path === undefined) return undefined;
  const entries: string[] = [];
  for (const size of sizesOf(configuration, kind)) {
    const match = /^w(\d+)$/.exec(size);
    if (match) entries.push(`${imageUrl(configuration, path, kind, size, options)} ${match[1]}w`);
  }
  return entries.join(', ');
}

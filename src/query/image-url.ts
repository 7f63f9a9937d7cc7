import type { Configuration } from '../api/schemas/configuration.js';
import { ImageUrlError } from '../errors/image-url-error.js';

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

/**
 * A size token as the service spells them (`w92`, `h632`, `original`). Checked even though the token must also be
 * in the configuration's list: the configuration is a response, and a crafted one could list `../../x` as a size.
 */
const SIZE_TOKEN = /^(?:[wh][0-9]{1,5}|original)$/;

export interface ImageUrlOptions {
  /**
   * Use the plain-HTTP `base_url` instead of `secure_base_url`.
   * @default false
   */
  insecure?: boolean;
}

function sizesOf(configuration: Configuration, kind: ImageKind): readonly string[] {
  // An own-key check: `constructor` or `toString` as a kind must not reach Object.prototype's members.
  if (typeof kind !== 'string' || !Object.hasOwn(SIZE_LISTS, kind)) {
    throw new ImageUrlError('kind', `unknown image kind ${JSON.stringify(kind)}`);
  }
  const sizes = configuration.images[SIZE_LISTS[kind]];
  if (!Array.isArray(sizes)) throw new ImageUrlError('kind', `the configuration has no ${kind} sizes`);
  return sizes;
}

function assertImagePath(path: unknown): void {
  if (typeof path !== 'string' || !IMAGE_PATH.test(path)) {
    throw new ImageUrlError('path', `not an image path: ${JSON.stringify(path)}`);
  }
}

/**
 * The configuration's base URL, refused unless it is an absolute http(s) URL without credentials, query or
 * fragment: the configuration is a response, and a crafted one must not turn every image into `javascript:`, a
 * `data:` document or a URL that carries user names. Plain http stays allowed: a fake service or a proxy on the
 * loopback serves `secure_base_url` over http (the demo does).
 */
function baseOf(configuration: Configuration, options: ImageUrlOptions): string {
  const base = options.insecure ? configuration.images.base_url : configuration.images.secure_base_url;
  let url: URL | undefined;
  try {
    url = typeof base === 'string' ? new URL(base) : undefined;
  } catch {
    url = undefined;
  }
  const web = url?.protocol === 'http:' || url?.protocol === 'https:';
  // `/[?#]/` on the text, not `url.search`/`url.hash`: an empty `?` or `#` parses to '' yet still ends the path.
  if (!url || !web || url.username || url.password || /[?#]/.test(base)) {
    throw new ImageUrlError('base', "the configuration's image base URL is not a plain http(s) URL");
  }
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
  assertImagePath(path);
  if (typeof size !== 'string' || !SIZE_TOKEN.test(size) || !sizesOf(configuration, kind).includes(size)) {
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
  // Checked here too: a configuration without width sizes would otherwise return '' for any path, hostile or not.
  assertImagePath(path);
  const entries: string[] = [];
  for (const size of sizesOf(configuration, kind)) {
    const match = typeof size === 'string' ? /^w(\d+)$/.exec(size) : null;
    if (match) entries.push(`${imageUrl(configuration, path, kind, size, options)} ${match[1]}w`);
  }
  return entries.join(', ');
}

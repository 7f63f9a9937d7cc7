/**
 * Posters, stills and profiles sized from the service's configuration: `src` from a middle size of the kind's
 * list and `srcset` from all of them, so the browser picks what the layout needs.
 */
import { type Catalogue, type ImageKind, imageUrl, srcSet } from '../../src/index.js';
import { h } from './dom.js';

type Configuration = Awaited<ReturnType<Catalogue['configuration']>>;

const PREFERRED: Record<ImageKind, readonly string[]> = {
  poster: ['w342', 'w185'],
  profile: ['w185', 'w45'],
  still: ['w300', 'w185'],
  backdrop: ['w780', 'w300'],
  logo: ['w185', 'w154'],
};

/** Width and height attributes at the kind's shape: the box is reserved before the picture arrives. */
const SHAPES: Record<ImageKind, readonly [number, number]> = {
  poster: [342, 513],
  profile: [185, 278],
  still: [300, 169],
  backdrop: [780, 439],
  logo: [185, 185],
};

const LISTS: Record<ImageKind, keyof Configuration['images']> = {
  poster: 'poster_sizes',
  profile: 'profile_sizes',
  still: 'still_sizes',
  backdrop: 'backdrop_sizes',
  logo: 'logo_sizes',
};

export interface Images {
  /** An `<img>` (lazy, with `srcset` and `sizes`), or a placeholder when there is no picture. */
  picture(path: string | null | undefined, kind: ImageKind, alt: string, sizes?: string): HTMLElement;
  /**
   * The same picture hidden from screen readers (`alt=""`), for a link whose own text already names it: a card
   * would otherwise be read as "Poster of X X".
   */
  decoration(path: string | null | undefined, kind: ImageKind, name: string, sizes?: string): HTMLElement;
}

/**
 * Images over a configuration: the one the library loaded, or the one the last visit kept (a first answer, there
 * before the library has loaded), or none (placeholders).
 */
export function createImages(configuration: Configuration | undefined): Images {
  const sizeOf = (kind: ImageKind): string | undefined => {
    const list = (configuration?.images[LISTS[kind]] ?? []) as readonly string[];
    return PREFERRED[kind].find((size) => list.includes(size)) ?? list[0];
  };
  const make = (path: string | null | undefined, kind: ImageKind, alt: string, sizes: string, shown: boolean) => {
    const size = sizeOf(kind);
    const src = configuration && size ? safe(() => imageUrl(configuration, path, kind, size)) : undefined;
    if (!src || !configuration) return placeholder(kind, alt, shown);
    const srcset = safe(() => srcSet(configuration, path, kind));
    const [width, height] = SHAPES[kind];
    const build = (attempt = 0): HTMLElement => {
      const image = h('img', {
        class: `picture ${kind}`,
        src,
        srcset,
        sizes,
        alt: shown ? alt : '',
        width,
        height,
        loading: 'lazy',
        decoding: 'async',
      });
      // Offline, a picture never cached shows a placeholder rather than a broken image, until the link returns.
      image.addEventListener(
        'error',
        () => {
          const standIn = placeholder(kind, alt, shown);
          image.replaceWith(standIn);
          const again = () => build(attempt + 1);
          failed.set(standIn, again);
          // Online, the link may have come back a moment ago: a few tries more, spaced, before waiting for `online`.
          const wait = RETRY_ONLINE_MS[attempt];
          if (navigator.onLine && wait !== undefined) setTimeout(() => retry(standIn), wait);
        },
        { once: true },
      );
      return image;
    };
    return build();
  };
  return {
    picture: (path, kind, alt, sizes = SIZES) => make(path, kind, alt, sizes, true),
    decoration: (path, kind, name, sizes = SIZES) => make(path, kind, name, sizes, false),
  };
}

const SIZES = '(max-width: 600px) 45vw, 200px';

/** Pictures that failed to load (their placeholder on the page → how to make the picture again). */
const failed = new Map<HTMLElement, () => HTMLElement>();

/** Waits before the tries a picture gets while online after failing. */
const RETRY_ONLINE_MS = [2_000, 8_000] as const;

/** Tries a failed picture again, if it is still on the page and still failed. */
function retry(standIn: HTMLElement): void {
  const build = failed.get(standIn);
  if (!build) return;
  failed.delete(standIn);
  if (standIn.isConnected) standIn.replaceWith(build());
}

/** The link is back: every failed picture still on the page is tried again (a failure puts its placeholder back). */
function retryFailed(): void {
  for (const standIn of [...failed.keys()]) retry(standIn);
}

window.addEventListener('online', retryFailed);

function placeholder(kind: ImageKind, alt: string, shown: boolean): HTMLElement {
  const label = shown ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': 'true' };
  return h('div', { class: `picture placeholder ${kind}`, ...label }, initials(alt));
}

function safe(make: () => string | undefined): string | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

function initials(alt: string): string {
  return alt
    .replace(/^(Poster|Photo|Still) of /, '')
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

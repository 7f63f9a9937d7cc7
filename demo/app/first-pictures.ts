/**
 * The first screen's leading pictures, loaded (or failed): what the demo gives `createCatalogue` as
 * `loadRestAfter`, so on a slow link the rest of the library does not share the connection with the pictures that
 * make the first screen's largest paint. Settles once: when the first leading grid's pictures are done, or at once
 * when the first screen has no such grid (the library holds the rest for a few seconds at most either way).
 */
let settle: () => void = () => {};
export const firstPictures = new Promise<void>((resolve) => {
  settle = resolve;
});
let watching = false;

const done = (image: HTMLImageElement): Promise<unknown> | undefined =>
  image.complete
    ? undefined
    : new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      });

/** The first leading grid's pictures: the first screen's largest paint. Later grids change nothing. */
export function watchFirstPictures(images: readonly HTMLImageElement[]): void {
  if (watching) return;
  watching = true;
  void Promise.all(images.map(done)).then(() => settle());
}

/** The screens whose first grid leads (`grid(…, { leading: true })`): the others settle at once. */
const GRID_SCREENS = new Set(['', 'trending', 'airing', 'discover', 'people']);

/** Called with the hash the visit opens on, before its first render. */
export function expectFirstPictures(hash: string): void {
  const screen = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  if (!GRID_SCREENS.has(screen)) {
    watching = true;
    settle();
  }
}

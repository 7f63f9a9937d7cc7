/**
 * A first visit's largest paint is the first pictures of its screen's first grid. Work the screen does not need
 * (the visit's warm-up of other lists) waits for them, so on a slow link they do not share it with a dozen answers.
 */

let shown: () => void = () => {};
const leadingShown = new Promise<void>((resolve) => {
  shown = resolve;
});

/** Resolves once `images` have each loaded or failed; the first such call of the visit resolves `firstContent`. */
export function watchLeadingPictures(images: readonly HTMLImageElement[]): void {
  if (images.length === 0) return;
  const settled = images.map(
    (image) =>
      new Promise<void>((resolve) => {
        if (image.complete && image.naturalWidth > 0) return resolve();
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  void Promise.all(settled).then(shown);
}

/** The screen's leading pictures shown, or `maxWaitMs` passed (a screen with no grid, pictures that never come). */
export function firstContent(maxWaitMs: number): Promise<void> {
  return Promise.race([leadingShown, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}

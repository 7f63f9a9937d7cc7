/** What an image shows, and whether it is wide (a still or a backdrop, 16:9) rather than a 2:3 poster or photo. */
export interface ImageLabel {
  readonly text: string;
  readonly wide: boolean;
}

/**
 * What each generated image shows (a title, a name), by file name, so the fake's placeholder image for
 * `/t/p/{size}/{file}` can carry it. Image paths are random strings drawn with the record, so they cannot be
 * read back into a record: generators note the label when they produce the path. Bounded, oldest first out, so
 * a long run over a large catalogue keeps memory flat; an image whose label was dropped is drawn without text.
 */
export class ImageLabels {
  readonly #labels = new Map<string, ImageLabel>();

  /** @param limit labels kept at most @default 50_000 */
  constructor(private readonly limit = 50_000) {}

  /** Notes that `path` (`/abc.jpg`, or null) shows `text`; returns `path`, so a generator wraps its value. */
  note<P extends string | null>(path: P, text: string, shape: 'portrait' | 'wide' = 'portrait'): P {
    if (path === null || text === '') return path;
    const file = path.replace(/^\//, '');
    if (!this.#labels.has(file)) {
      if (this.#labels.size >= this.limit) this.#labels.delete(this.#labels.keys().next().value as string);
      this.#labels.set(file, { text, wide: shape === 'wide' });
    }
    return path;
  }

  /** The label of `file` (no leading slash), when known. */
  of(file: string): ImageLabel | undefined {
    return this.#labels.get(file);
  }
}

/** How many view handles the front door remembers, so the same call gives the same object. */
export const VIEW_HANDLES = 512;

/**
 * The view handles made lately, by request key, so the same call gives the same object (a view made in a render
 * is the view of the last render). Bounded: the least recently asked for go first; a handle dropped here keeps
 * working for whoever holds it, and its snapshots come from the key's entry either way.
 */
export class HandleCache<H> {
  readonly #handles = new Map<string, H>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string, make: () => H): H {
    const existing = this.#handles.get(key);
    if (existing !== undefined) {
      // Re-inserted: the map's order is the order of use.
      this.#handles.delete(key);
      this.#handles.set(key, existing);
      return existing;
    }
    const made = make();
    this.#handles.set(key, made);
    if (this.#handles.size > this.#capacity) {
      const oldest = this.#handles.keys().next().value as string;
      this.#handles.delete(oldest);
    }
    return made;
  }

  /** The handle made for `key`, if it is still remembered (not counted as a use). */
  peek(key: string): H | undefined {
    return this.#handles.get(key);
  }

  get size(): number {
    return this.#handles.size;
  }
}

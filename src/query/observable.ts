/**
 * The interop key of the Observable proposal: `Symbol.observable` where a polyfill defined it, else the string
 * `'@@observable'` that RxJS, Redux and others also accept (DESIGN, Contracts: "Effects and names").
 */
// Typed as a unique symbol so interfaces can name the key; at run time it may be the '@@observable' string.
export const observableSymbol: unique symbol = ((Symbol as { observable?: symbol }).observable ??
  '@@observable') as never;

export interface Observer<T> {
  next?(value: T): void;
  error?(error: unknown): void;
  complete?(): void;
}

export interface ObservableSubscription {
  unsubscribe(): void;
}

/** The minimal Observable interop object: what `from(view)` in RxJS reads. */
export interface InteropObservable<T> {
  subscribe(observer: Observer<T> | ((value: T) => void)): ObservableSubscription;
  [observableSymbol](): InteropObservable<T>;
}

/**
 * An Observable over a `subscribe`/`getSnapshot` pair: it emits the current snapshot at once, then every new one.
 */
export function toObservable<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
): InteropObservable<T> {
  const observable: InteropObservable<T> = {
    subscribe(observer: Observer<T> | ((value: T) => void)): ObservableSubscription {
      const next = typeof observer === 'function' ? observer : observer?.next?.bind(observer);
      let last = getSnapshot();
      next?.(last);
      const stop = subscribe(() => {
        const current = getSnapshot();
        if (current === last) return;
        last = current;
        next?.(current);
      });
      return { unsubscribe: stop };
    },
    [observableSymbol]() {
      return observable;
    },
  };
  return observable;
}

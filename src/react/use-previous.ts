import { useEffect, useMemo, useRef } from 'react';
import { keepPrevious } from '../query/keep-previous.js';
import type { View } from '../query/view.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';

/**
 * `view`, or with `keep`, `view` showing the data of the view this hook last committed until it has its own
 * (`keepPrevious`). The earlier view is remembered after commit, not in render: a render React throws away (Strict
 * Mode's second one, a suspended one) must not become the "previous" one.
 */
export function usePrevious<V extends View<ViewSnapshot<unknown>>>(view: V, keep: boolean | undefined): V {
  const committed = useRef<V | undefined>(undefined);
  const shown = useMemo(() => (keep ? keepPrevious(view, committed.current) : view), [view, keep]);
  useEffect(() => {
    committed.current = shown;
  }, [shown]);
  return shown;
}

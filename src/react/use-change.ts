import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Catalogue } from '../create-catalogue.js';
import type { MutationReceipt } from '../sync/mutations.js';
import { useCatalogue } from './catalogue-context.js';

/** One change's state, as a button or a row shows it. */
export interface ChangeState<A extends unknown[]> {
  /** Makes the change (optimistic at once, sent when online); resolves with its receipt, or undefined on an error. */
  run(...args: A): Promise<MutationReceipt | undefined>;
  /** From `run` until the change has been sent, failed for good, or was cancelled by one that undid it. */
  readonly pending: boolean;
  /** The call's own error (invalid parameters, nobody signed in) or the service's final refusal of this change. */
  readonly error: unknown;
  /** The service has the change: its outbox entry was sent and is gone. */
  readonly sent: boolean;
}

interface RunState {
  /** The outbox entry of the last run, while it waits. */
  readonly seq: number | undefined;
  readonly running: boolean;
  readonly error: unknown;
  readonly sent: boolean;
}

const IDLE: RunState = { seq: undefined, running: false, error: undefined, sent: false };

/**
 * The state of this component's last call of one change: `useChange((c) => c.account.markFavorite)`. Sent or
 * refused is heard from this catalogue's events, and read from the outbox when another tab or the worker sent it.
 */
export function useChange<A extends unknown[]>(
  pick: (catalogue: Catalogue) => (...args: A) => Promise<MutationReceipt>,
): ChangeState<A> {
  const catalogue = useCatalogue();
  const { outbox } = catalogue;
  const outboxSnapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  const [state, setState] = useState<RunState>(IDLE);
  const picked = useRef(pick);
  picked.current = pick;
  /** Whether the outbox's read has shown the entry: only its absence after that means another instance sent it. */
  const seen = useRef<number | undefined>(undefined);

  useEffect(() => {
    const settle = (seq: number, outcome: Partial<RunState>) =>
      setState((current) => (current.seq === seq ? { ...current, seq: undefined, ...outcome } : current));
    const stopSent = catalogue.on('mutationSent', ({ seq }) => settle(seq, { sent: true }));
    const stopFailed = catalogue.on('mutationFailed', ({ seq, error }) => settle(seq, { error }));
    return () => {
      stopSent();
      stopFailed();
    };
  }, [catalogue]);

  const { seq } = state;
  const inOutbox = seq !== undefined && outboxSnapshot.entries.some((entry) => entry.seq === seq);
  useEffect(() => {
    if (seq === undefined) return;
    if (inOutbox) seen.current = seq;
    else if (seen.current === seq && outboxSnapshot.status === 'ready') {
      setState((current) => (current.seq === seq ? { ...current, seq: undefined, sent: true } : current));
    }
  }, [seq, inOutbox, outboxSnapshot.status]);

  const run = useCallback(
    async (...args: A) => {
      setState({ ...IDLE, running: true });
      try {
        const receipt = await picked.current(catalogue)(...args);
        // Cancelled: it undid a change not sent yet, so there is nothing left to send.
        setState({ ...IDLE, seq: receipt.outcome === 'cancelled' ? undefined : receipt.seq });
        return receipt;
      } catch (error) {
        setState({ ...IDLE, error });
        return undefined;
      }
    },
    [catalogue],
  );
  return { run, pending: state.running || state.seq !== undefined, error: state.error, sent: state.sent };
}

import type { Catalogue, ViewEntries, ViewEntry } from '../index.js';
import { describeError } from './format.js';

/** What a key's action does (`ViewEntries`' actions). */
export type ViewAction = 'refetch' | 'invalidate' | 'remove';

/** The last action asked from the Views pane, and how it went. */
export interface ViewOutcome {
  readonly action: ViewAction;
  readonly requestKey: string;
  /** `gone`: the key had no live entry any more when the action ran. */
  readonly state: 'running' | 'done' | 'gone' | 'failed';
  /** The error's name and message when it failed. */
  readonly message: string | undefined;
}

/** The engine's live keys (`catalogue.sync.entries()`), the one selected and the last action. */
export interface ViewsState {
  /** Undefined until the list has arrived (with the catalogue's core). */
  readonly entries: readonly ViewEntry[] | undefined;
  readonly selected: string | undefined;
  /** Why there is no list (a catalogue in memory, or closed). */
  readonly error: string | undefined;
  readonly outcome: ViewOutcome | undefined;
}

/**
 * The Views pane's data: follows `catalogue.sync.entries()` once the catalogue's core is there (there is none in
 * memory, or once closed: the pane says why), the selected key, and the last action's outcome. Touches no DOM.
 */
export class ViewsModel {
  static readonly initial: ViewsState = Object.freeze({
    entries: undefined,
    selected: undefined,
    error: undefined,
    outcome: undefined,
  });

  #state: ViewsState = ViewsModel.initial;
  #entries: ViewEntries | undefined;
  #stop: (() => void) | undefined;
  #disposed = false;
  readonly #changed: (state: ViewsState) => void;

  constructor(catalogue: Catalogue, changed: (state: ViewsState) => void) {
    this.#changed = changed;
    catalogue.sync.entries().then(
      (entries) => {
        if (this.#disposed) return;
        this.#entries = entries;
        const show = () => this.#update({ entries: entries.getSnapshot() });
        this.#stop = entries.subscribe(show);
        show();
      },
      (error: unknown) => this.#update({ error: describeError(error) }),
    );
  }

  get state(): ViewsState {
    return this.#state;
  }

  select(requestKey: string | undefined): void {
    if (requestKey !== this.#state.selected) this.#update({ selected: requestKey });
  }

  /** Runs `action` on a key and shows how it went; never rejects. */
  async act(action: ViewAction, requestKey: string): Promise<void> {
    const entries = this.#entries;
    if (this.#disposed || !entries) return;
    const outcome = (state: ViewOutcome['state'], message?: string) =>
      this.#update({ outcome: { action, requestKey, state, message } });
    outcome('running');
    try {
      outcome((await entries[action](requestKey)) ? 'done' : 'gone');
    } catch (error) {
      outcome('failed', describeError(error));
    }
  }

  /** Stops following the list; later changes and outcomes change nothing. */
  dispose(): void {
    this.#disposed = true;
    this.#stop?.();
    this.#stop = undefined;
  }

  #update(patch: Partial<ViewsState>): void {
    if (this.#disposed) return;
    this.#state = { ...this.#state, ...patch };
    this.#changed(this.#state);
  }
}

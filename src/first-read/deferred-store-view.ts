import type { ResponseOf } from '../api/endpoints.js';
import type { StoreView } from '../query/store-view.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { loadingSnapshot, type ViewSnapshot } from '../sync/view-snapshot.js';
import { DeferredView } from './deferred-view.js';

/** A store view made before the library loaded: a first answer, then the real view. */
export class DeferredStoreView<O extends StoredOperation>
  extends DeferredView<ViewSnapshot<ResponseOf<O>>, StoreView<O>>
  implements StoreView<O>
{
  readonly #key: string;
  readonly #load: () => Promise<unknown>;

  constructor(key: string, load: () => Promise<unknown>, onFirstSubscribe: () => void) {
    super(loadingSnapshot(), onFirstSubscribe);
    this.#key = key;
    this.#load = load;
    this.refresh = this.refresh.bind(this);
  }

  get requestKey(): string {
    return this.real?.requestKey ?? this.#key;
  }

  async refresh(): Promise<void> {
    await this.#load();
    await (this.real as StoreView<O>).refresh();
  }
}

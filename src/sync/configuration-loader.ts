import type { Configuration } from '../api/schemas/configuration.js';
import { NO_CONFIGURATION_MESSAGE } from '../errors/image-url-error.js';
import type { SyncEngine } from './sync-engine.js';

/**
 * The service's configuration: fetched once, then refreshed by its own freshness (stale: served, revalidated in
 * the background). The image helpers read the last one loaded.
 */
export class ConfigurationLoader {
  readonly #engine: SyncEngine;
  #loaded: Configuration | undefined;

  constructor(engine: SyncEngine) {
    this.#engine = engine;
  }

  async load(): Promise<Configuration> {
    const engine = this.#engine;
    const { pending } = await engine.ensureFresh('configuration', {});
    let stored = await engine.read('configuration', {});
    if (!stored && pending) {
      await pending;
      stored = await engine.read('configuration', {});
    }
    if (!stored) throw new Error('configuration: the service answered but nothing was stored');
    this.#loaded = stored;
    return stored;
  }

  /** The last configuration loaded; a TypeError before the first `load()` resolved. */
  loaded(): Configuration {
    if (!this.#loaded) {
      throw new TypeError(NO_CONFIGURATION_MESSAGE);
    }
    return this.#loaded;
  }
}

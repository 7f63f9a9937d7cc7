/**
 * The image origins a worker learned from the catalogue's stored configuration (`/3/configuration`
 * `images.secure_base_url`), one set per worker scope. `installBackgroundRefresh` adds to it once its catalogue
 * exists; `installOfflineShell`'s default image rule reads it. They meet here, not through an option, because the
 * configuration is the service's own answer: a user who points `baseUrl` at another service (the fake on its own
 * port, a proxy) gets that service's images cached without listing its origin twice.
 */

/** The part of a catalogue that can read the stored configuration. */
export interface ConfigurationReader {
  read(operation: 'configuration'): Promise<{ readonly images: { readonly secure_base_url: string } } | undefined>;
}

const originsByScope = new WeakMap<object, Set<string>>();

/** The origins learned for this scope so far (empty until a catalogue has read its configuration). */
export function configuredImageOrigins(scope: object): ReadonlySet<string> {
  return originsByScope.get(scope) ?? new Set();
}

/** Records the origin of `secure_base_url`; a missing or unparsable URL teaches nothing. */
export function learnImageOrigin(scope: object, secureBaseUrl: string | undefined): void {
  if (typeof secureBaseUrl !== 'string' || !URL.canParse(secureBaseUrl)) return;
  const origins = originsByScope.get(scope) ?? new Set<string>();
  origins.add(new URL(secureBaseUrl).origin);
  originsByScope.set(scope, origins);
}

/**
 * Reads the catalogue's configuration (the store first; fetched once when the store has none) and learns its image
 * origin. A failure leaves the origins as they were: images of an unknown origin are simply not cached.
 */
export async function learnImageOriginFrom(scope: object, catalogue: unknown): Promise<void> {
  if (!isConfigurationReader(catalogue)) return;
  const configuration = await catalogue.read('configuration').catch(() => undefined);
  learnImageOrigin(scope, configuration?.images?.secure_base_url);
}

function isConfigurationReader(value: unknown): value is ConfigurationReader {
  return typeof value === 'object' && value !== null && typeof (value as { read?: unknown }).read === 'function';
}

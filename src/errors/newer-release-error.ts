import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/**
 * A newer release of the library upgraded the catalogue's database (another tab, the service worker): this
 * instance stopped for good rather than write with an older meaning into it. Its views show this error and its
 * calls reject with it; a page tells the user a new version is ready and reloads.
 */
export class NewerReleaseError extends CatalogueError {
  override readonly name = 'NewerReleaseError' as const;
  /** The schema version this release declares. */
  readonly ownVersion: number;
  /** The version the database was upgraded (or asked to be upgraded) to, where known. */
  readonly newVersion: number | undefined;

  constructor(ownVersion: number, newVersion: number | undefined) {
    super(
      `a newer release upgraded the database (version ${newVersion ?? 'unknown'}, this release declares ${ownVersion}): reload the page`,
    );
    this.ownVersion = ownVersion;
    this.newVersion = newVersion;
  }
}

export function isNewerReleaseError(value: unknown): value is NewerReleaseError {
  return isNamedError(value, NewerReleaseError, 'NewerReleaseError');
}

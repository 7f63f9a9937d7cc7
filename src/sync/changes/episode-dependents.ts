import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import { syncMetaOfOperations } from '../../store/records/sync-meta-of-operations.js';
import type { EpisodeRow, SyncMetaRow } from '../../store/tables/rows.js';
import type { EpisodeDependent } from './episode-patch.js';
import type { FeedStore } from './feed-store.js';

/** Where an episode sits: enough to find the season-level resources that show it. */
export interface EpisodePlace {
  readonly id: number;
  readonly show_id: number;
  readonly season_number: number;
}

function ofSeason(place: EpisodePlace) {
  return (row: SyncMetaRow) =>
    row.params?.series_id === place.show_id && row.params?.season_number === place.season_number;
}

/**
 * The freshness rows of the stored resources of `kinds` that show the episode: season images, credits and details
 * of its season (every language variant), and the tagged-image pages that list one of its stills. Reads only:
 * runs inside the caller's transaction (tables `syncMeta`, `taggedImages`, `listPages`).
 */
export async function dependentMetas(
  db: CatalogueDatabase,
  place: EpisodePlace,
  kinds: ReadonlySet<EpisodeDependent>,
  listPageOf: FeedStore['listPageOf'],
): Promise<SyncMetaRow[]> {
  const found: SyncMetaRow[] = [];
  for (const kind of kinds) {
    if (kind === 'personTaggedImages') continue;
    const rows = await syncMetaOfOperations(db, [kind]).filter(ofSeason(place)).toArray();
    found.push(...rows.filter((row) => row.fetchedAt > 0));
  }
  if (kinds.has('personTaggedImages')) {
    const images = await db.taggedImages.where('media_id').equals(place.id).toArray();
    const imageIds = new Set<number | string>(images.filter((i) => i.media_type === 'episode').map((i) => i.id));
    if (imageIds.size > 0) {
      const metas = await syncMetaOfOperations(db, ['personTaggedImages']).toArray();
      const pages = await db.listPages.bulkGet(metas.map((meta) => listPageOf(meta.params ?? {})));
      for (const [i, page] of pages.entries()) {
        if (page?.ids.some((id) => imageIds.has(id))) found.push(metas[i] as SyncMetaRow);
      }
    }
  }
  return found;
}

/** Marks rows stale now (their views revalidate; `sync.refresh()` picks them up). Returns the rows changed. */
export async function markStale(db: CatalogueDatabase, metas: readonly SyncMetaRow[], now: number): Promise<number> {
  const due = metas.filter((meta) => meta.expiresAt > now).map((meta) => ({ ...meta, expiresAt: now }));
  if (due.length > 0) await db.syncMeta.bulkPut(due);
  return due.length;
}

export function placeOf(row: EpisodeRow): EpisodePlace {
  return { id: row.id, show_id: row.show_id, season_number: row.season_number };
}

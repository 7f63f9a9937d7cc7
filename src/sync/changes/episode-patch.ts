import type * as z from 'zod/mini';
import type { ChangeItem, EpisodeChanges } from '../../api/schemas/episode-changes.js';

/** Stored resources that depend on an episode beyond its own row. */
export type EpisodeDependent = 'seasonImages' | 'seasonCredits' | 'personTaggedImages' | 'seasonDetails';

/**
 * Keys whose values cannot be patched into the episode row (or not only), and the stored resources that show
 * them: those are marked stale so their views revalidate. A still changes under `images` (FACTS §6): it also
 * patches `still_path`, but the tagged-image pages that show the still must be fetched again.
 */
const DEPENDENTS: Readonly<Record<string, readonly EpisodeDependent[]>> = {
  images: ['seasonImages', 'personTaggedImages'],
  still: ['seasonImages', 'personTaggedImages'],
  crew: ['seasonCredits'],
  guest_stars: ['seasonCredits'],
  cast: ['seasonCredits'],
};

/** When a value cannot be converted to its field's schema, the records that hold the episode are fetched again. */
const HOLDERS: readonly EpisodeDependent[] = ['seasonDetails', 'personTaggedImages'];

/** The stored episode's fields and their schemas (`FeedStore.episodeFields`): what a change may patch. */
export type EpisodeFields = Readonly<Record<string, z.ZodMiniType>>;

/** A change item with its time in clock milliseconds and its position for a stable time order. */
export interface TimedItem extends ChangeItem {
  readonly key: string;
  readonly at: number;
  readonly seq: number;
}

/** `YYYY-MM-DD HH:MM:SS UTC` → clock milliseconds (NaN when the format is not that). */
export function parseChangeTime(time: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(time);
  return match ? Date.parse(`${match[1]}T${match[2]}Z`) : Number.NaN;
}

/**
 * Every item of a feed, oldest first. Groups come newest first and so do their items (FACTS §6); equal times
 * within a key keep the served order reversed, which is the order they were recorded in.
 */
export function itemsInTimeOrder(feed: EpisodeChanges): TimedItem[] {
  const items: TimedItem[] = [];
  let seq = 0;
  for (const group of feed.changes) {
    for (let i = group.items.length - 1; i >= 0; i--) {
      const item = group.items[i] as ChangeItem;
      items.push({ ...item, key: group.key, at: parseChangeTime(item.time), seq: seq++ });
    }
  }
  return items.sort((a, b) => a.at - b.at || a.seq - b.seq);
}

/** Whether an item is in another language than the instance's (Contracts, "Language"): such items are ignored. */
export function isForeign(item: ChangeItem, language: string): boolean {
  const lang = item.iso_639_1;
  return lang !== undefined && lang !== '' && lang !== language.slice(0, 2);
}

type Converted = { ok: true; value: unknown } | { ok: false };

/** A value converted to the field's schema: numbers often arrive as strings (FACTS §6). */
function convert(fields: EpisodeFields, field: string, value: unknown): Converted {
  const schema = fields[field];
  if (!schema) return { ok: false };
  const direct = schema.safeParse(value);
  if (direct.success) return { ok: true, value: direct.data };
  if (typeof value === 'string' && value.trim() !== '') {
    const numeric = schema.safeParse(Number(value));
    if (numeric.success) return { ok: true, value: numeric.data };
  }
  return { ok: false };
}

/** The "no value" of a field: null where the schema allows it, else the empty string; none for required numbers. */
function emptyValue(fields: EpisodeFields, field: string): Converted {
  const schema = fields[field];
  if (!schema) return { ok: false };
  for (const candidate of [null, '']) if (schema.safeParse(candidate).success) return { ok: true, value: candidate };
  return { ok: false };
}

function stillPath(value: unknown): string | null | undefined {
  const still = (value as { still?: { file_path?: unknown } } | null)?.still;
  const path = still?.file_path;
  return typeof path === 'string' || path === null ? path : undefined;
}

export interface PatchOutcome {
  readonly row: Record<string, unknown>;
  /** Keys that touched the store: a field patched or a dependent marked stale. */
  readonly keys: readonly string[];
  readonly stale: ReadonlySet<EpisodeDependent>;
}

/**
 * Applies items (already filtered and in time order) to a copy of the row. added/updated → value;
 * deleted/destroyed → the field's empty value; created → nothing to patch. `images` patches `still_path` from a
 * still's `file_path` and marks the image lists stale.
 */
export function patchEpisode(
  stored: Record<string, unknown>,
  items: readonly TimedItem[],
  fields: EpisodeFields,
): PatchOutcome {
  const row = { ...stored };
  const keys = new Set<string>();
  const stale = new Set<EpisodeDependent>();
  for (const item of items) {
    const removes = item.action === 'deleted' || item.action === 'destroyed';
    if (item.key === 'images') {
      const path = stillPath(removes ? (item.original_value ?? item.value) : item.value);
      if (path !== undefined) {
        if (!removes) row.still_path = path;
        else if (row.still_path === path) row.still_path = null;
      }
    } else if (item.key in fields && item.action !== 'created') {
      const next = removes ? emptyValue(fields, item.key) : convert(fields, item.key, item.value);
      if (next.ok) row[item.key] = next.value;
      else for (const holder of HOLDERS) stale.add(holder);
      keys.add(item.key);
    }
    for (const dependent of DEPENDENTS[item.key] ?? []) stale.add(dependent);
    if (DEPENDENTS[item.key]) keys.add(item.key);
  }
  return { row, keys: [...keys], stale };
}

/** Field-wise equality of two rows (a patch that changes nothing writes nothing). */
export function sameRow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  return true;
}

import type { EpisodeFields } from '../data/episodes.js';
import { generatedEpisodeFields } from '../data/episodes.js';
import { KIND } from '../data/kinds.js';
import { hashString, type RecordRandom, recordRandom, round3 } from '../data/random.js';
import { episodeId, episodePosition, type SeasonShape } from '../data/scale.js';
import { dayOf, imageFilePath, isoDay, overview, title } from '../data/text.js';
import { TRANSLATION_VOCABULARY, type TranslationVocabulary } from '../data/translation-vocabulary.js';
import { episodeTranslation, translatedTitle } from '../data/translations.js';
import type { FakeContext } from './request.js';

/** The episode fields `control` can change. `vote_average` changes silently: it is not a change key. */
export const EPISODE_CHANGE_KEYS = [
  'name',
  'overview',
  'air_date',
  'still_path',
  'production_code',
  'runtime',
  'vote_average',
] as const;
export type EpisodeChangeKey = (typeof EPISODE_CHANGE_KEYS)[number];

export interface MutatedEpisode {
  readonly episode_id: number;
  readonly series_id: number;
  readonly season_number: number;
  readonly episode_number: number;
  /** The fields whose value changed. */
  readonly keys: readonly EpisodeChangeKey[];
}

export interface EpisodeTarget {
  readonly seriesIndex: number;
  readonly season: SeasonShape;
  readonly episodeNumber: number;
}

/** Resolves an episode id to its place in the catalogue, or undefined when no such episode exists. */
export function findEpisode(ctx: FakeContext, id: number): EpisodeTarget | undefined {
  const position = episodePosition(id);
  if (!position || position.seriesIndex >= ctx.cat.sizes.series) return undefined;
  const season = ctx.cat.seasons(position.seriesIndex).find((s) => s.seasonNumber === position.seasonNumber);
  if (!season || position.episodeNumber > season.episodeCount) return undefined;
  return { seriesIndex: position.seriesIndex, season, episodeNumber: position.episodeNumber };
}

export function currentFields(ctx: FakeContext, target: EpisodeTarget): EpisodeFields {
  const id = episodeId(target.seriesIndex, target.season.seasonNumber, target.episodeNumber);
  const generated = generatedEpisodeFields(ctx.cat, target.seriesIndex, target.season, target.episodeNumber);
  return { ...generated, ...ctx.cat.episodeOverrides.get(id) };
}

function isEmpty(value: unknown): boolean {
  return value === '' || value === null;
}

/** The change item for one field, in the real shape: added → value, updated → both, deleted → original_value. */
function recordChange(
  ctx: FakeContext,
  id: number,
  key: EpisodeChangeKey,
  before: unknown,
  after: unknown,
  now: number,
) {
  if (key === 'vote_average') return;
  const action = isEmpty(before) ? 'added' : isEmpty(after) ? 'deleted' : 'updated';
  // A still is an image: it changes under the `images` key with an object value (Contracts, FACTS §6). Numbers
  // (`runtime`) are served as strings, as the real feeds serve them (FACTS §6: "numbers arrive as strings").
  const wrap = (value: unknown) =>
    key === 'still_path'
      ? { still: { file_path: value, iso_639_1: null } }
      : typeof value === 'number'
        ? String(value)
        : value;
  const translatable = key === 'name' || key === 'overview';
  ctx.state.recordChange(id, {
    key: key === 'still_path' ? 'images' : key,
    id: ctx.state.objectId(now),
    action,
    time: now,
    ...(translatable ? { iso_639_1: 'en' } : {}),
    ...(action !== 'deleted' ? { value: wrap(after) } : {}),
    ...(action !== 'added' ? { original_value: wrap(before) } : {}),
  });
}

/** Applies new values to one episode, recording a change item per changed field. */
export function applyEpisodePatch(
  ctx: FakeContext,
  target: EpisodeTarget,
  patch: Partial<EpisodeFields>,
  now: number,
): MutatedEpisode {
  const id = episodeId(target.seriesIndex, target.season.seasonNumber, target.episodeNumber);
  const before = currentFields(ctx, target);
  const changed: EpisodeChangeKey[] = [];
  for (const key of EPISODE_CHANGE_KEYS) {
    if (!(key in patch) || patch[key] === before[key]) continue;
    recordChange(ctx, id, key, before[key], patch[key], now);
    changed.push(key);
  }
  const next = { ...ctx.cat.episodeOverrides.get(id), ...patch };
  if (patch.vote_average !== undefined && patch.vote_count === undefined) next.vote_count = before.vote_count + 1;
  ctx.cat.episodeOverrides.set(id, next);
  return {
    episode_id: id,
    series_id: ctx.cat.series.id(target.seriesIndex),
    season_number: target.season.seasonNumber,
    episode_number: target.episodeNumber,
    keys: changed,
  };
}

function newValue(rng: RecordRandom, key: EpisodeChangeKey, before: EpisodeFields, target: EpisodeTarget): unknown {
  switch (key) {
    case 'name':
      return title(rng);
    case 'overview':
      return rng.chance(0.1) && before.overview !== '' ? '' : `${overview(rng)} ${title(rng)}.`;
    case 'air_date': {
      const day = dayOf(before.air_date);
      return isoDay(day === undefined ? 20_000 + rng.int(0, 700) : day + rng.pick([-1, 1]) * rng.int(1, 30));
    }
    case 'still_path':
      return before.still_path !== null && rng.chance(0.15) ? null : imageFilePath(rng);
    case 'production_code':
      return before.production_code === ''
        ? `${target.season.seasonNumber}${String(target.episodeNumber).padStart(2, '0')}`
        : '';
    case 'runtime':
      return before.runtime === null
        ? rng.int(20, 65)
        : Math.max(1, before.runtime + rng.pick([-1, 1]) * rng.int(1, 10));
    case 'vote_average':
      return round3(Math.min(10, Math.max(0, before.vote_average + rng.next() - 0.5)));
  }
}

/** The languages of translation changes, in the order the stream has always picked from. */
const TRANSLATION_CHANGE_LANGUAGES = ['fr', 'es', 'de'];

/**
 * A new episode name in another language: the English data stays, the translation changes (the fake then serves it
 * for that language), and the item carries its language, so a client of another language ignores it.
 */
function recordTranslationChange(ctx: FakeContext, target: EpisodeTarget, rng: RecordRandom, now: number): void {
  // The stream draws what it drew before the fake had translations (a language, then a title), so every English
  // mutation after this one is the same as it always was; the title's hash seeds the translated name.
  const language = rng.pick(TRANSLATION_CHANGE_LANGUAGES);
  const words = recordRandom(ctx.cat.seed, KIND.translation, hashString(title(rng)));
  const vocabulary = TRANSLATION_VOCABULARY[language] as TranslationVocabulary;
  const { seriesIndex, season, episodeNumber } = target;
  const id = episodeId(seriesIndex, season.seasonNumber, episodeNumber);
  const before = episodeTranslation(ctx.cat, seriesIndex, season, episodeNumber, language)?.name;
  let name = translatedTitle(words, vocabulary);
  if (name === before) name = `${name} (${episodeNumber})`;
  ctx.cat.translationOverrides.set(`${language}:${id}`, { name });
  ctx.state.recordChange(id, {
    key: 'name',
    id: ctx.state.objectId(now),
    action: before === undefined ? 'added' : 'updated',
    time: now,
    iso_639_1: language,
    value: name,
    ...(before === undefined ? {} : { original_value: before }),
  });
}

export interface MutateOptions {
  /** How many episodes. @default 1 */
  count?: number;
  /** Limit to one series. */
  series_id?: number;
  /** Which fields change. @default 1–3 drawn at random per episode */
  keys?: readonly EpisodeChangeKey[];
}

/**
 * Changes `count` seeded-random episodes. Some rounds also record a translation change in another language
 * that leaves the English data alone, as the real feed does: a client must ignore those.
 */
export function mutateEpisodes(ctx: FakeContext, options: MutateOptions, now: number): MutatedEpisode[] {
  const rng = recordRandom(ctx.cat.seed, KIND.mutation, ctx.state.mutationRounds++);
  const count = options.count ?? 1;
  if (!Number.isInteger(count) || count < 0) throw new TypeError('mutateEpisodes: count must be an integer ≥ 0');
  const fixedSeries = options.series_id === undefined ? undefined : ctx.cat.series.index(options.series_id);
  if (options.series_id !== undefined && fixedSeries === undefined)
    throw new TypeError('mutateEpisodes: unknown series_id');
  const done = new Set<number>();
  const results: MutatedEpisode[] = [];
  for (let attempts = 0; results.length < count && attempts < count * 20; attempts++) {
    const seriesIndex = fixedSeries ?? ctx.cat.nonAdultSeries(rng.int(0, ctx.cat.sizes.series - 1));
    const season = rng.pick(ctx.cat.seasons(seriesIndex));
    const target = { seriesIndex, season, episodeNumber: rng.int(1, season.episodeCount) };
    const id = episodeId(seriesIndex, season.seasonNumber, target.episodeNumber);
    if (done.has(id)) continue;
    done.add(id);
    const before = currentFields(ctx, target);
    const keys = options.keys ?? rng.pickDistinct(EPISODE_CHANGE_KEYS, rng.int(1, 3));
    const patch: Partial<Record<EpisodeChangeKey, unknown>> = {};
    for (const key of keys) patch[key] = newValue(rng, key, before, target);
    results.push(applyEpisodePatch(ctx, target, patch as Partial<EpisodeFields>, now));
    if (rng.chance(0.2)) recordTranslationChange(ctx, target, rng, now);
  }
  return results;
}

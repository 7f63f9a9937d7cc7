import { type OperationHandler, pathId } from '../service/request.js';
import { fail, statusResult } from '../service/status-codes.js';

/** The tmdblib capture's change keys (the SPEC list plus `softcore`). */
const CHANGE_KEYS = [
  'adult',
  'air_date',
  'also_known_as',
  'alternative_titles',
  'biography',
  'birthday',
  'budget',
  'cast',
  'certifications',
  'character_names',
  'created_by',
  'crew',
  'deathday',
  'episode',
  'episode_number',
  'episode_run_time',
  'freebase_id',
  'freebase_mid',
  'general',
  'genres',
  'guest_stars',
  'homepage',
  'images',
  'imdb_id',
  'languages',
  'name',
  'network',
  'origin_country',
  'original_name',
  'original_title',
  'overview',
  'parts',
  'place_of_birth',
  'plot_keywords',
  'production_code',
  'production_companies',
  'production_countries',
  'releases',
  'revenue',
  'runtime',
  'season',
  'season_number',
  'season_regular',
  'softcore',
  'spoken_languages',
  'status',
  'tagline',
  'title',
  'translations',
  'tvdb_id',
  'tvrage_id',
  'type',
  'video',
  'videos',
];

/** Shaped exactly like the real configuration, with image base URLs pointing at the fake itself. */
export const configuration: OperationHandler = ({ options }, req) => {
  const base = `${options.baseUrl ?? req.origin}/t/p/`;
  return {
    status: 200,
    body: {
      change_keys: CHANGE_KEYS,
      images: {
        base_url: base,
        secure_base_url: base,
        backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
        logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
        poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
        profile_sizes: ['w45', 'w185', 'h632', 'original'],
        still_sizes: ['w92', 'w185', 'w300', 'original'],
      },
    },
  };
};

export const validateToken: OperationHandler = () => statusResult(1);

export const createSession: OperationHandler = ({ state }, req) => {
  const token = (req.body as { request_token?: unknown } | undefined)?.request_token;
  if (typeof token !== 'string' || token === '') fail(33);
  const { sessionId } = state.createSession(token, req.now);
  return { status: 200, body: { success: true, session_id: sessionId } };
};

/**
 * Removes a movie from a list: code 13 on success; an item that is not on the list answers HTTP 200 with
 * `success: false` and code 21 (FACTS §1b), which a client replaying an outbox must treat as "already done".
 */
export const removeListItem: OperationHandler = ({ state }, req) => {
  const listId = pathId(req, 'list_id');
  const owner = state.owner(req.query, false);
  const list = state.lists.get(listId) ?? fail(34);
  if (owner.kind !== 'account' || list.accountId !== owner.accountId) fail(38);
  const mediaId = (req.body as { media_id?: unknown } | undefined)?.media_id;
  if (typeof mediaId !== 'number' || !Number.isInteger(mediaId)) fail(47);
  const position = list.items.indexOf(mediaId);
  if (position < 0) return statusResult(21);
  list.items.splice(position, 1);
  return statusResult(13);
};

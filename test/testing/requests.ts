import { endpoints, type OperationName } from '../../src/api/endpoints.js';
import { AUTH, type Harness, type Json, ORIGIN } from './helpers.js';

/** A request with any method (the harness has `get` and `post` only). */
function send(h: Harness, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = body === undefined ? AUTH : { ...AUTH, 'content-type': 'application/json;charset=utf-8' };
  return h.service.fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A person whose tagged images include both a movie and an episode, and whose list has both kinds. */
async function taggedPerson(h: Harness): Promise<number> {
  const people = await h.json<{ results: Json[] }>('/3/person/popular');
  for (const person of people.results) {
    const images = await h.json<{ results: Json[] }>(`/3/person/${person.id}/tagged_images`);
    const kinds = new Set(images.results.map((r) => r.media_type));
    if (kinds.has('movie') && kinds.has('episode')) return person.id as number;
  }
  throw new Error('no person with movie and episode tagged images on page 1');
}

async function movieWithVideos(h: Harness): Promise<number> {
  const movies = await h.json<{ results: Json[] }>('/3/trending/movie/day');
  for (const movie of movies.results) {
    const videos = await h.json<{ results: Json[] }>(`/3/movie/${movie.id}/videos`);
    if (videos.results.length > 0) return movie.id as number;
  }
  throw new Error('no trending movie with videos');
}

/** The first series whose season 1 has posters. */
async function seriesWithPosters(h: Harness): Promise<number> {
  for (const series of h.service.control.allSeries()) {
    const response = await h.get(`/3/tv/${series.id}/season/1/images`);
    if (response.status === 200 && ((await response.json()) as { posters: Json[] }).posters.length > 0) {
      return series.id as number;
    }
  }
  throw new Error('no series with season posters');
}

/**
 * Sends a request for an operation that exercises its full answer (non-empty lists, a rated state, recorded
 * changes). `variant` picks e.g. the trending window from the sample's file name.
 */
export async function requestFor(h: Harness, operation: OperationName, variant = ''): Promise<Response> {
  const { control } = h.service;
  const firstSeries = control.allSeries()[0]?.id as number;
  switch (operation) {
    case 'trendingTv':
      return h.get(`/3/trending/tv/${variant.includes('week') ? 'week' : 'day'}`);
    case 'trendingMovies':
      return h.get(`/3/trending/movie/${variant.includes('week') ? 'week' : 'day'}`);
    case 'airingToday':
      return h.get('/3/tv/airing_today');
    case 'discoverTv':
      return h.get('/3/discover/tv');
    case 'tvAccountStates': {
      const { session_id } = control.createSession();
      control.setAccountState({ session_id, series_id: firstSeries }, { favorite: true, rated: { value: 9 } });
      return h.get(`/3/tv/${firstSeries}/account_states?session_id=${session_id}`);
    }
    case 'episodeAccountStates': {
      const { session_id } = control.createSession();
      const target = { session_id, series_id: firstSeries, season_number: 1, episode_number: 1 };
      control.setAccountState(target, { rated: { value: 7.5 } });
      return h.get(`/3/tv/${firstSeries}/season/1/episode/1/account_states?session_id=${session_id}`);
    }
    case 'seasonCredits':
      return h.get(`/3/tv/${firstSeries}/season/1/credits`);
    case 'seasonImages':
      return h.get(`/3/tv/${await seriesWithPosters(h)}/season/1/images`);
    case 'episodeChanges': {
      // The real sample has added and updated items with string values: produce those kinds.
      const id = control.episodeId({ series_id: firstSeries, season_number: 1, episode_number: 1 }) as number;
      const before = control.episode(id);
      control.mutateEpisode(id, { name: 'Winter is coming', overview: 'A new overview.' });
      control.mutateEpisode(id, { production_code: before?.production_code === '' ? '101' : '102' });
      return h.get(`/3/tv/episode/${id}/changes`);
    }
    case 'movieVideos':
      return h.get(`/3/movie/${await movieWithVideos(h)}/videos`);
    case 'popularPeople':
      return h.get('/3/person/popular');
    case 'searchMulti':
    case 'searchTv':
    case 'searchMovies':
    case 'searchPeople': {
      // A word of a listed name, so the answer holds results (a series' for the mixed search).
      const list =
        operation === 'searchMovies'
          ? '/3/trending/movie/day'
          : operation === 'searchPeople'
            ? '/3/person/popular'
            : '/3/trending/tv/day';
      const first = (await h.json<{ results: Json[] }>(list)).results[0];
      const word = String(first?.name ?? first?.title).split(' ')[0] as string;
      return h.get(`${endpoints[operation].path}?query=${encodeURIComponent(word)}`);
    }
    case 'personExternalIds':
    case 'personTranslations': {
      const people = await h.json<{ results: Json[] }>('/3/person/popular');
      const path = operation === 'personExternalIds' ? 'external_ids' : 'translations';
      return h.get(`/3/person/${people.results[0]?.id}/${path}`);
    }
    case 'personTaggedImages':
      return h.get(`/3/person/${await taggedPerson(h)}/tagged_images`);
    case 'accountTvWatchlist': {
      const { session_id, account_id } = control.createSession();
      for (const series of control.allSeries().slice(0, 3))
        control.addToWatchlist({ session_id, series_id: series.id as number });
      return h.get(`/3/account/${account_id}/watchlist/tv?session_id=${session_id}`);
    }
    case 'accountTvFavorites':
    case 'accountMovieFavorites':
    case 'accountMovieWatchlist':
    case 'accountTvRated':
    case 'accountMovieRated': {
      // Three entries of the list's kind, each joining it a second after the one before.
      const { session_id, account_id } = control.createSession();
      const tv = operation.startsWith('accountTv');
      const state = operation.endsWith('Favorites')
        ? { favorite: true }
        : operation.endsWith('Watchlist')
          ? { watchlist: true }
          : { rated: { value: 7.5 } };
      const movies = await h.json<{ results: Json[] }>('/3/trending/movie/day');
      const ids = tv ? control.allSeries().slice(0, 3) : movies.results.slice(0, 3);
      for (const { id } of ids) {
        control.setAccountState(
          tv ? { session_id, series_id: id as number } : { session_id, movie_id: id as number },
          state,
        );
        await control.advanceTime(1_000);
      }
      const path = endpoints[operation].path.replace('{account_id}', String(account_id));
      return h.get(`${path}?session_id=${session_id}`);
    }
    case 'configuration':
      return h.get('/3/configuration');
    case 'validateToken':
      return h.get('/3/authentication');
    case 'createSession':
      return h.post('/3/authentication/session/new', { request_token: control.createRequestToken({ approved: true }) });
    case 'removeListItem': {
      const { session_id } = control.createSession();
      const { list_id } = control.createList({ session_id, items: [550, 551] });
      return h.post(`/3/list/${list_id}/remove_item?session_id=${session_id}`, { media_id: 550 });
    }
    case 'tvChanges': {
      const id = control.episodeId({ series_id: firstSeries, season_number: 1, episode_number: 1 }) as number;
      control.mutateEpisode(id, { name: 'Changed for the list' });
      return h.get('/3/tv/changes');
    }
    case 'seasonDetails':
      return h.get(`/3/tv/${firstSeries}/season/1`);
    case 'seriesChanges':
    case 'seasonChanges': {
      const id = control.episodeId({ series_id: firstSeries, season_number: 1, episode_number: 1 }) as number;
      control.mutateEpisode(id, { name: 'Changed for the feed' });
      const series = await h.json<{ changes: { items: { value: { season_id: number } }[] }[] }>(
        `/3/tv/${firstSeries}/changes`,
      );
      if (operation === 'seriesChanges') return h.get(`/3/tv/${firstSeries}/changes`);
      return h.get(`/3/tv/season/${series.changes[0]?.items[0]?.value.season_id}/changes`);
    }
    case 'createRequestToken':
      return h.get('/3/authentication/token/new');
    case 'createGuestSession':
      return h.get('/3/authentication/guest_session/new');
    case 'accountDetails':
      return h.get(`/3/account?session_id=${control.createSession().session_id}`);
    case 'deleteSession':
      return send(h, 'DELETE', '/3/authentication/session', { session_id: control.createSession().session_id });
    case 'listDetails': {
      const { session_id } = control.createSession();
      const movies = await h.json<{ results: Json[] }>('/3/trending/movie/day');
      const items = movies.results.slice(0, 2).map((movie) => movie.id as number);
      return h.get(`/3/list/${control.createList({ session_id, items }).list_id}`);
    }
    case 'markFavorite':
    case 'addToWatchlist': {
      const { session_id, account_id } = control.createSession();
      const path = operation === 'markFavorite' ? 'favorite' : 'watchlist';
      const flag = operation === 'markFavorite' ? { favorite: true } : { watchlist: true };
      return h.post(`/3/account/${account_id}/${path}?session_id=${session_id}`, {
        media_type: 'tv',
        media_id: firstSeries,
        ...flag,
      });
    }
    case 'rateTvSeries':
      return h.post(`/3/tv/${firstSeries}/rating?session_id=${control.createSession().session_id}`, { value: 8.5 });
    case 'rateEpisode':
      return h.post(`/3/tv/${firstSeries}/season/1/episode/1/rating?session_id=${control.createSession().session_id}`, {
        value: 8.5,
      });
    case 'deleteTvSeriesRating':
    case 'deleteEpisodeRating': {
      const { session_id } = control.createSession();
      const episode = operation === 'deleteEpisodeRating' ? { season_number: 1, episode_number: 1 } : {};
      control.setAccountState({ session_id, series_id: firstSeries, ...episode }, { rated: { value: 6 } });
      const path =
        operation === 'deleteEpisodeRating' ? `/3/tv/${firstSeries}/season/1/episode/1` : `/3/tv/${firstSeries}`;
      return send(h, 'DELETE', `${path}/rating?session_id=${session_id}`);
    }
    case 'movieDetails': {
      // A movie with videos, so the appended `videos` carries items the schema check can look into.
      return h.get(`/3/movie/${await movieWithVideos(h)}?append_to_response=credits,videos`);
    }
    case 'tvSeriesDetails':
      return h.get(`/3/tv/${firstSeries}?append_to_response=credits`);
    case 'personDetails': {
      const people = await h.json<{ results: Json[] }>('/3/person/popular');
      return h.get(`/3/person/${people.results[0]?.id}?append_to_response=combined_credits`);
    }
    case 'movieCredits': {
      const movies = await h.json<{ results: Json[] }>('/3/trending/movie/day');
      return h.get(`/3/movie/${movies.results[0]?.id}/credits`);
    }
    case 'personCombinedCredits': {
      const people = await h.json<{ results: Json[] }>('/3/person/popular');
      return h.get(`/3/person/${people.results[0]?.id}/combined_credits`);
    }
  }
}

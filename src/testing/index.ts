/**
 * `catalogue-sync/testing`: the in-process fake of the catalogue service and the virtual clock. Nothing here
 * imports Node modules, so it also runs in a browser or a service worker. The HTTP server is
 * `catalogue-sync/testing/node` (`serveFakeService`).
 *
 * ```ts
 * const clock = createVirtualClock(Date.UTC(2026, 0, 1));
 * const service = createFakeService({ seed: 1, scale: 'small', clock });
 * const api = createApiClient({ baseUrl: 'http://fake.test', accessToken: FAKE_ACCESS_TOKEN, fetch: service.fetch, clock });
 * const { session_id, account_id } = service.control.createSession();
 * service.control.mutateEpisodes({ count: 5 }); // change feeds now report them
 * service.log.count({ status: 429 });
 * ```
 *
 * It opens with `Authorization: Bearer ${FAKE_ACCESS_TOKEN}` (a JWT, like the real read access token) or
 * `?api_key=${FAKE_API_KEY}`; `language=fr-FR`, `de-DE` or `es-ES` serves translated text where it has some; an
 * `Accept-Encoding: gzip` request gets a gzip body (the in-process `fetch` decodes it, as a browser does).
 *
 * Over HTTP, `control` is under `/__fake/…` (never under `/3`): `GET now`, `POST advance {ms}`,
 * `POST request-tokens {approved?}`, `POST request-tokens/:token/approve`, `POST sessions`, `POST guest-sessions`,
 * `POST account-states {target, state}`, `POST watchlist`, `POST lists`, `GET lists/:id`, `POST episodes/mutate`,
 * `GET|POST episodes/:id`, `POST trending/reshuffle`, `PUT faults`, `POST storm`, `GET log`, `POST log/reset`,
 * `POST ground-truth {operation, params}`. POST and PUT bodies are `Content-Type: application/json` (else 415),
 * and a request from another origin's page (`Origin`, `Sec-Fetch-Site`) is refused with 403; one with no `Origin`
 * (a test, a script, curl) is served. Unlike the API's, their answers carry no CORS headers.
 */
export type { AccountStateTarget, FakeControl } from './control.js';
export { createFakeService, type FakeService } from './create-fake-service.js';
export type { EpisodeFields } from './data/episodes.js';
export type { Scale } from './data/scale.js';
export { IMAGE_SIZES, placeholderSvg } from './images.js';
export {
  type AppendingResource,
  fakeAppends,
  MAX_APPENDS,
  NOT_APPENDED_HEADER,
  SERVICE_APPENDS,
} from './routes/append-to-response.js';
export type { FaultOptions, FaultRule } from './service/faults.js';
export type { FakeLog, FakeLogEntry } from './service/log.js';
export {
  EPISODE_CHANGE_KEYS,
  type EpisodeChangeKey,
  type MutatedEpisode,
  type MutateOptions,
} from './service/mutations.js';
export { FAKE_ACCESS_TOKEN, FAKE_API_KEY, type FakeServiceOptions } from './service/options.js';
export type { Rated } from './service/state.js';
export {
  type FakeSession,
  FakeSignInError,
  isFakeSignInError,
  type SignInToFakeOptions,
  signInToFake,
} from './sign-in-to-fake.js';
export { createVirtualClock, type VirtualClock } from './virtual-clock.js';

import { describe, expect, it } from 'vitest';
import {
  type AppendingResource,
  fakeAppends,
  MAX_APPENDS,
  NOT_APPENDED_HEADER,
  SERVICE_APPENDS,
} from '../../src/testing/index.js';
import { type Harness, harness, type Json } from './helpers.js';

const SEEDS = [1, 2, 3];
const RESOURCES: AppendingResource[] = ['movie', 'tv', 'season', 'person'];

const TOO_MANY = {
  success: false,
  status_code: 27,
  status_message: 'Too many append to response objects: The maximum number of remote calls is 20.',
};

interface Subject {
  /** The details path, with any query the standalone routes need (`?…`). */
  readonly details: string;
  /** The standalone route of each name the fake appends. */
  readonly standalone: Readonly<Record<string, string>>;
}

/** One record of each resource, with changes recorded and a session, so every appended part has content. */
async function subjects(h: Harness): Promise<Record<AppendingResource, Subject>> {
  const { control } = h.service;
  const movie = (await h.json<{ results: Json[] }>('/3/trending/movie/day')).results[0]?.id as number;
  const person = (await h.json<{ results: Json[] }>('/3/person/popular')).results[0]?.id as number;
  const series = control.allSeries()[0]?.id as number;
  const episode = control.episodeId({ series_id: series, season_number: 1, episode_number: 1 }) as number;
  control.mutateEpisode(episode, { name: 'A changed name' });
  const { session_id } = control.createSession();
  control.setAccountState({ session_id, series_id: series }, { favorite: true });
  const seasons = (await h.json<{ seasons: { season_number: number }[] }>(`/3/tv/${series}`)).seasons;
  const latest = Math.max(...seasons.map((s) => s.season_number));
  const language = 'language=fr-FR';
  return {
    movie: {
      details: `/3/movie/${movie}?${language}`,
      standalone: {
        credits: `/3/movie/${movie}/credits?${language}`,
        videos: `/3/movie/${movie}/videos?${language}`,
      },
    },
    tv: {
      details: `/3/tv/${series}?session_id=${session_id}`,
      standalone: {
        account_states: `/3/tv/${series}/account_states?session_id=${session_id}`,
        changes: `/3/tv/${series}/changes`,
        // The service's `/3/tv/{series_id}/credits` is the latest season's; the fake serves it only appended.
        credits: `/3/tv/${series}/season/${latest}/credits`,
      },
    },
    season: {
      details: `/3/tv/${series}/season/1?${language}`,
      standalone: {
        credits: `/3/tv/${series}/season/1/credits?${language}`,
        images: `/3/tv/${series}/season/1/images?${language}`,
      },
    },
    person: {
      details: `/3/person/${person}?${language}`,
      standalone: {
        combined_credits: `/3/person/${person}/combined_credits?${language}`,
        external_ids: `/3/person/${person}/external_ids?${language}`,
        tagged_images: `/3/person/${person}/tagged_images?${language}`,
        translations: `/3/person/${person}/translations?${language}`,
      },
    },
  };
}

function withAppend(path: string, names: readonly string[]): string {
  return `${path}${path.includes('?') ? '&' : '?'}append_to_response=${names.map(encodeURIComponent).join(',')}`;
}

/** A standalone answer as the service appends it: without its `id`. */
async function appendedForm(h: Harness, path: string): Promise<Json> {
  const { id: _id, ...part } = await h.json(path);
  return part;
}

describe.each(SEEDS)('append_to_response on the fake (seed %i)', (seed) => {
  describe.each(RESOURCES)('%s details', (resource) => {
    it(`answer 400 code 27 above ${MAX_APPENDS} names, whatever the names, and answer up to ${MAX_APPENDS}`, async () => {
      const h = harness({ seed });
      const { details } = (await subjects(h))[resource];
      const known = [...SERVICE_APPENDS[resource]];
      const cases: string[][] = [
        Array.from({ length: MAX_APPENDS + 1 }, (_, i) => known[i % known.length] as string),
        Array.from({ length: MAX_APPENDS + 1 }, (_, i) => `unknown_${i}`),
        Array.from({ length: 40 }, () => fakeAppends(resource)[0] as string),
      ];
      for (const names of cases) {
        const response = await h.get(withAppend(details, names));
        expect(response.status, names.join(',')).toBe(400);
        expect(await response.json()).toEqual(TOO_MANY);
      }
      const twenty = Array.from({ length: MAX_APPENDS }, (_, i) => known[i % known.length] as string);
      expect((await h.get(withAppend(details, twenty))).status).toBe(200);
    });

    it('append each name the fake builds as its standalone route answers it, without its id', async () => {
      const h = harness({ seed });
      const subject = (await subjects(h))[resource];
      // Every name the fake appends is one the service appends, and has a standalone route checked here.
      expect(fakeAppends(resource).every((name) => SERVICE_APPENDS[resource].includes(name))).toBe(true);
      expect(Object.keys(subject.standalone).sort()).toEqual([...fakeAppends(resource)].sort());
      const plain = await h.json(subject.details);
      for (const [name, path] of Object.entries(subject.standalone)) {
        const expected = await appendedForm(h, path);
        const response = await h.get(withAppend(subject.details, [name]));
        expect(response.headers.get(NOT_APPENDED_HEADER)).toBeNull();
        expect(await response.json()).toEqual({ ...plain, [name]: expected });
      }
      // All at once: each under its own key, in the order asked.
      const names = [...fakeAppends(resource)].reverse();
      const all = await h.json(withAppend(subject.details, names));
      expect(Object.keys(all).slice(-names.length)).toEqual(names);
      for (const name of names) expect(all[name]).toEqual(await appendedForm(h, subject.standalone[name] as string));
    });

    it('leave out the names the service appends but the fake does not build, and name them in a header', async () => {
      const h = harness({ seed });
      const subject = (await subjects(h))[resource];
      const plain = await h.json(subject.details);
      const missing = SERVICE_APPENDS[resource].filter((name) => !fakeAppends(resource).includes(name));
      expect(missing.length).toBeGreaterThan(0);
      const built = fakeAppends(resource)[0] as string;
      const response = await h.get(withAppend(subject.details, [...missing, built]));
      expect(response.status).toBe(200);
      expect(response.headers.get(NOT_APPENDED_HEADER)).toBe(missing.join(','));
      const body = (await response.json()) as Json;
      expect(Object.keys(body).filter((key) => !(key in plain))).toEqual([built]);
    });

    it('ignore names the service does not know, as the service ignores them', async () => {
      const h = harness({ seed });
      const subject = (await subjects(h))[resource];
      const built = fakeAppends(resource)[0] as string;
      const expected = await h.json(withAppend(subject.details, [built]));
      const unknown = ['bogus', 'credits/extra', 'seasons', ' ', ''];
      const response = await h.get(withAppend(subject.details, [...unknown, built, built]));
      expect(response.status).toBe(200);
      expect(response.headers.get(NOT_APPENDED_HEADER)).toBeNull();
      expect(await response.json()).toEqual(expected);
    });
  });
});

describe('user-scoped appends', () => {
  it('leave out account_states without a session, as the service does, and still answer the details', async () => {
    const h = harness({ seed: 2 });
    const series = h.service.control.allSeries()[0]?.id as number;
    const response = await h.get(`/3/tv/${series}?append_to_response=account_states,credits`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).not.toHaveProperty('account_states');
    expect(body).toHaveProperty('credits');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  endpoints,
  InvalidParamsError,
  type PreparedRequest,
  prepareRequest,
  requestKey,
} from '../../src/api-entry.js';
import { createTestClient, TEST_BASE_URL } from '../helpers/api-client.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { jsonResponse } from '../helpers/responses.js';

const externalIds = (id: number) => ({
  id,
  imdb_id: `nm${id}`,
  facebook_id: null,
  freebase_id: null,
  freebase_mid: null,
  instagram_id: null,
  tiktok_id: null,
  tvrage_id: null,
  twitter_id: '',
  wikidata_id: null,
  youtube_id: null,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('prepareRequest', () => {
  it('validates once and returns a frozen call: operation, canonical send params, key', () => {
    const prepared = prepareRequest('discoverTv', { with_genres: [18, 35], page: 2, sort_by: 'popularity.desc' });
    expect(prepared.operation).toBe('discoverTv');
    expect(prepared.params).toEqual({ with_genres: '18,35', page: 2, sort_by: 'popularity.desc' });
    expect(prepared.key).toBe(requestKey('discoverTv', prepared.params));
    expect(Object.isFrozen(prepared)).toBe(true);
    expect(Object.isFrozen(prepared.params)).toBe(true);
  });

  it('throws InvalidParamsError at once, naming the parameter', () => {
    expect(() => prepareRequest('personExternalIds', { person_id: -1 })).toThrow(InvalidParamsError);
    expect(() => prepareRequest('trendingTv', { time_window: 'month' as never })).toThrow(
      expect.objectContaining({ name: 'InvalidParamsError', param: 'time_window' }),
    );
  });

  it('keys with credential values redacted; the send params keep them', () => {
    const prepared = prepareRequest('tvAccountStates', { series_id: 1399, session_id: 'sEsSiOn0123456789' });
    expect(prepared.key).toBe('tvAccountStates?series_id=1399&session_id=%5Bredacted%5D');
    expect(prepared.params.session_id).toBe('sEsSiOn0123456789');
  });
});

describe('client.send', () => {
  it('sends a prepared request without parsing it again', async () => {
    const parse = vi.spyOn(endpoints.personExternalIds.params, 'check');
    const fetch = createRecordingFetch(() => jsonResponse(externalIds(7)));
    const client = createTestClient({ fetch });
    const prepared = prepareRequest('personExternalIds', { person_id: 7 });
    expect(parse).toHaveBeenCalledTimes(1);
    const response = await client.send(prepared);
    expect(response.data.imdb_id).toBe('nm7');
    expect(parse).toHaveBeenCalledTimes(1);
    expect(fetch.calls.map((call) => call.url)).toEqual([`${TEST_BASE_URL}/3/person/7/external_ids`]);
  });

  it('refuses a request not made by prepareRequest (a look-alike, a copy) with a TypeError, sending nothing', async () => {
    const fetch = createRecordingFetch(() => jsonResponse(externalIds(7)));
    const client = createTestClient({ fetch });
    const real = prepareRequest('personExternalIds', { person_id: 7 });
    const lookAlike = { operation: 'personExternalIds', params: { person_id: 8 }, key: 'x' };
    await expect(client.send(lookAlike as unknown as PreparedRequest<'personExternalIds'>)).rejects.toThrow(TypeError);
    await expect(client.send({ ...real })).rejects.toThrow(/prepareRequest/);
    expect(fetch.calls).toEqual([]);
  });

  it('request() stays the validating wrapper: one parse, InvalidParamsError before anything is sent', async () => {
    const parse = vi.spyOn(endpoints.personExternalIds.params, 'check');
    const fetch = createRecordingFetch(() => jsonResponse(externalIds(7)));
    const client = createTestClient({ fetch });
    await client.request('personExternalIds', { person_id: 7 });
    expect(parse).toHaveBeenCalledTimes(1);
    await expect(client.request('personExternalIds', { person_id: 'x' as never })).rejects.toThrow(InvalidParamsError);
    expect(fetch.calls).toHaveLength(1);
  });
});

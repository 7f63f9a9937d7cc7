import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_ANSWERS_BUCKET,
  firstAnswersLocation,
  openFirstAnswersDb,
} from '../../src/store/first-answers/first-answers-db.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('where the first answers live', () => {
  it('in a storage bucket of their own with the platform IndexedDB and Storage Buckets', async () => {
    const bucketFactory = new IDBFactory();
    const open = vi.fn(async (_name: string) => ({ indexedDB: bucketFactory }));
    vi.stubGlobal('navigator', { storageBuckets: { open } });
    const platform = new IDBFactory();
    const location = firstAnswersLocation(platform, true);
    expect(await location).toBe(bucketFactory);
    expect(open).toHaveBeenCalledWith(FIRST_ANSWERS_BUCKET);
    // The database is made in the bucket, not beside the catalogue's.
    const db = await openFirstAnswersDb(location, 'catalogue');
    db?.close();
    expect((await bucketFactory.databases()).map((d) => d.name)).toEqual(['catalogue:first']);
    expect(await platform.databases()).toEqual([]);
  });

  it('beside the catalogue database without Storage Buckets, or with an injected IndexedDB', async () => {
    const platform = new IDBFactory();
    vi.stubGlobal('navigator', {});
    expect(firstAnswersLocation(platform, true)).toBe(platform);
    const open = vi.fn();
    vi.stubGlobal('navigator', { storageBuckets: { open } });
    const injected = new IDBFactory();
    expect(firstAnswersLocation(injected, false)).toBe(injected);
    expect(open).not.toHaveBeenCalled();
  });

  it('nowhere when the bucket cannot be opened: never the default bucket in its place', async () => {
    vi.stubGlobal('navigator', { storageBuckets: { open: () => Promise.reject(new Error('quota')) } });
    const platform = new IDBFactory();
    const location = firstAnswersLocation(platform, true);
    expect(await location).toBeUndefined();
    expect(await openFirstAnswersDb(location, 'catalogue')).toBeUndefined();
    expect(await platform.databases()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { configuration as configurationSchema } from '../../src/api/schemas/configuration.js';
import { isImageUrlError } from '../../src/errors/image-url-error.js';
import { imageUrl, srcSet } from '../../src/query/image-url.js';
import { readSample } from '../helpers/samples.js';

const configuration = configurationSchema.parse(readSample('configuration.json'));

describe('imageUrl', () => {
  it('joins the secure base URL, a configured size and the path', () => {
    expect(imageUrl(configuration, '/abc.jpg', 'poster', 'w500')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
    expect(imageUrl(configuration, '/abc.jpg', 'profile', 'h632')).toBe('https://image.tmdb.org/t/p/h632/abc.jpg');
    expect(imageUrl(configuration, '/abc.jpg', 'still', 'original')).toBe(
      'https://image.tmdb.org/t/p/original/abc.jpg',
    );
  });

  it('uses the plain base URL only when asked', () => {
    expect(imageUrl(configuration, '/abc.jpg', 'poster', 'w92', { insecure: true })).toBe(
      'http://image.tmdb.org/t/p/w92/abc.jpg',
    );
  });

  it('returns undefined for a record without an image', () => {
    expect(imageUrl(configuration, null, 'poster', 'w500')).toBeUndefined();
    expect(srcSet(configuration, null, 'poster')).toBeUndefined();
  });

  it.each([
    ['', 'w500'],
    ['/abc.jpg', ''],
    ['/abc.jpg', 'w501'],
    ['/abc.jpg', 'h632'], // a profile size is not a poster size
  ])('refuses size %j / %j rather than building a broken URL', (path, size) => {
    const call = () => imageUrl(configuration, path, 'poster', size);
    expect(call).toThrow();
    try {
      call();
    } catch (error) {
      expect(isImageUrlError(error)).toBe(true);
    }
  });

  it.each([
    'abc.jpg',
    '/../secret.jpg',
    '/a/b.jpg',
    '//evil.example/x.jpg',
    '/abc.jpg?x=1',
    '/abc.jpg#f',
    '/%2e%2e.jpg',
    '/abc',
  ])('refuses the path %j: it must be one /name.ext segment', (path) => {
    expect(() => imageUrl(configuration, path, 'poster', 'w500')).toThrow(/not an image path/);
  });
});

describe('srcSet', () => {
  it('lists every width-based size with its w descriptor, leaving out original and h sizes', () => {
    expect(srcSet(configuration, '/p.jpg', 'profile')).toBe(
      'https://image.tmdb.org/t/p/w45/p.jpg 45w, https://image.tmdb.org/t/p/w185/p.jpg 185w',
    );
    const poster = srcSet(configuration, '/p.jpg', 'poster') ?? '';
    expect(poster.split(', ')).toHaveLength(configuration.images.poster_sizes.filter((s) => s.startsWith('w')).length);
    expect(poster).not.toContain('original');
  });
});

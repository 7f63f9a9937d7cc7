import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { recordRandom } from './random.js';
import { VIDEO_TYPES } from './vocabulary.js';

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SIZES = [360, 480, 720, 1080, 2160];

/** The videos of a movie, newest first like the real service; `published_at` is ISO 8601 with milliseconds. */
export function movieVideos(cat: Catalogue, movieIndex: number): Record<string, unknown> {
  const rng = recordRandom(cat.seed, KIND.videos, movieIndex);
  const count = rng.chance(0.15) ? 0 : rng.int(1, 8);
  let published = Date.UTC(2024, 0, 1) - rng.int(0, 3650) * 86_400_000;
  const results = Array.from({ length: count }, () => {
    published -= rng.int(1, 400) * 3_600_000 + rng.int(0, 3_599_999);
    const type = rng.pick(VIDEO_TYPES);
    let key = '';
    for (let i = 0; i < 11; i++) key += KEY_CHARS[Math.floor(rng.next() * KEY_CHARS.length)];
    return {
      iso_639_1: 'en',
      iso_3166_1: 'US',
      name: `${type} ${rng.int(1, 3)}`,
      key,
      site: rng.chance(0.95) ? 'YouTube' : 'Vimeo',
      size: rng.pick(SIZES),
      type,
      official: rng.chance(0.8),
      published_at: new Date(published).toISOString(),
      id: rng.hex(24),
    };
  });
  return { id: cat.movies.id(movieIndex), results };
}

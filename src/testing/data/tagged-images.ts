import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { recordRandom } from './random.js';
import { imageFilePath } from './text.js';

/**
 * The images a person is tagged in. Each points at a movie or an episode that exists; episode media is built
 * by the same function as everywhere else, so mutated episodes show their new values here too.
 */
export function personTaggedImages(cat: Catalogue, personIndex: number): Record<string, unknown>[] {
  const rng = recordRandom(cat.seed, KIND.taggedImages, personIndex);
  const count = rng.chance(0.2) ? 0 : rng.int(1, 45);
  const images: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const still = rng.chance(0.25);
    const id = rng.hex(24);
    const filePath = imageFilePath(rng);
    const voteCount = rng.chance(0.5) ? 0 : rng.int(1, 20);
    const voteAverage = voteCount === 0 ? 0 : Math.round((5 + rng.next()) * 1000) / 1000;
    const tagged = rng.chance(0.3);
    const common = {
      aspect_ratio: still ? 1.778 : 0.667,
      file_path: filePath,
      height: still ? 1080 : 1500,
      id,
      iso_3166_1: tagged ? 'US' : null,
      iso_639_1: tagged ? 'en' : null,
      vote_average: voteAverage,
      vote_count: voteCount,
      width: still ? 1920 : 1000,
    };
    if (still) {
      const seriesIndex = cat.nonAdultSeries(rng.int(0, cat.sizes.series - 1));
      const seasons = cat.seasons(seriesIndex);
      const season = rng.pick(seasons);
      const episodeNumber = rng.int(1, season.episodeCount);
      const media = cat.episode(seriesIndex, season, episodeNumber);
      cat.imageLabels.note(filePath, String(media.name), 'wide');
      images.push({ ...common, image_type: 'still', media, media_type: 'episode' });
    } else {
      const movieIndex = cat.nonAdultMovie(rng.int(0, cat.sizes.movies - 1));
      const imageType = rng.chance(0.8) ? 'poster' : 'backdrop';
      const media = cat.movieSummary(movieIndex, true);
      cat.imageLabels.note(filePath, String(media.title), imageType === 'backdrop' ? 'wide' : 'portrait');
      images.push({ ...common, image_type: imageType, media, media_type: 'movie' });
    }
  }
  return images;
}

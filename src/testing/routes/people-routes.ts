import { personExternalIds as externalIdsOf, personTranslations as translationsOf } from '../data/people.js';
import { personTaggedImages as taggedImagesOf } from '../data/tagged-images.js';
import { videoLanguages, videosIn, movieVideos as videosOf } from '../data/videos.js';
import { type OperationHandler, PAGE_SIZE, pageOf, pathIndex } from '../service/request.js';

export const personExternalIds: OperationHandler = ({ cat }, req) => ({
  status: 200,
  body: externalIdsOf(cat, pathIndex(req, 'person_id', cat.people)),
});

export const personTranslations: OperationHandler = ({ cat }, req) => ({
  status: 200,
  body: translationsOf(cat, pathIndex(req, 'person_id', cat.people)),
});

/**
 * Paged like the other lists, plus the person's `id`. A list that fits on one page answers `page: 0`, as the
 * real service did for page 1 (FACTS §3): clients must key pages by the page they asked for.
 */
export const personTaggedImages: OperationHandler = ({ cat }, req) => {
  const index = pathIndex(req, 'person_id', cat.people);
  const page = pageOf(req);
  const images = taggedImagesOf(cat, index);
  const totalPages = Math.ceil(images.length / PAGE_SIZE);
  return {
    status: 200,
    body: {
      id: cat.people.id(index),
      page: totalPages <= 1 ? 0 : page,
      results: images.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total_pages: totalPages,
      total_results: images.length,
    },
  };
};

/** Only the videos in the request's `language` (English by default), plus those `include_video_language` adds. */
export const movieVideos: OperationHandler = ({ cat }, req) => ({
  status: 200,
  body: videosIn(videosOf(cat, pathIndex(req, 'movie_id', cat.movies)), videoLanguages(req.query)),
});

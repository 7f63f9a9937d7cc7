import { movieDetailsOf } from '../data/movie-details.js';
import { personDetailsOf } from '../data/person-details.js';
import { seriesDetailsOf } from '../data/series-details.js';
import { languageOf } from '../data/translations.js';
import { videoLanguages } from '../data/videos.js';
import { type OperationHandler, type OperationRequest, pathIndex } from '../service/request.js';

/**
 * The sub-resources `append_to_response` names (comma separated; the service reads at most 20). Only these are
 * appended: a name a detail does not know is ignored, as the service ignores it.
 */
function appended(req: OperationRequest): ReadonlySet<string> {
  const raw = req.query.get('append_to_response') ?? '';
  return new Set(
    raw
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .slice(0, 20),
  );
}

/** `GET /3/movie/{movie_id}`: an unknown id is 404 code 34, like every path id. */
export const movieDetails: OperationHandler = ({ cat }, req) => ({
  status: 200,
  body: movieDetailsOf(
    cat,
    pathIndex(req, 'movie_id', cat.movies),
    languageOf(req.query),
    appended(req),
    videoLanguages(req.query),
  ),
});

export const tvSeriesDetails: OperationHandler = ({ cat }, req) => ({
  status: 200,
  body: seriesDetailsOf(cat, pathIndex(req, 'series_id', cat.series), languageOf(req.query), appended(req)),
});

export const personDetails: OperationHandler = ({ cat }, req) => ({
  status: 200,
  body: personDetailsOf(cat, pathIndex(req, 'person_id', cat.people), languageOf(req.query), appended(req)),
});

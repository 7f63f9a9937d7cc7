import { movieDetailsOf } from '../data/movie-details.js';
import { personDetailsOf } from '../data/person-details.js';
import { seriesDetailsOf } from '../data/series-details.js';
import { languageOf } from '../data/translations.js';
import { pathIndex } from '../service/request.js';
import { withAppends } from './append-to-response.js';

/** `GET /3/movie/{movie_id}`: an unknown id is 404 code 34, like every path id. */
export const movieDetails = withAppends('movie', ({ cat }, req) => ({
  status: 200,
  body: movieDetailsOf(cat, pathIndex(req, 'movie_id', cat.movies), languageOf(req.query)),
}));

export const tvSeriesDetails = withAppends('tv', ({ cat }, req) => ({
  status: 200,
  body: seriesDetailsOf(cat, pathIndex(req, 'series_id', cat.series), languageOf(req.query)),
}));

export const personDetails = withAppends('person', ({ cat }, req) => ({
  status: 200,
  body: personDetailsOf(cat, pathIndex(req, 'person_id', cat.people), languageOf(req.query)),
}));

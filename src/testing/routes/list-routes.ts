import { discoverPage } from '../data/discover.js';
import { personSummary } from '../data/people.js';
import { airingOrder, popularPeopleOrder, type TimeWindow, trendingOrder } from '../data/rankings.js';
import { languageOf, localizeKnownFor, localizeMovie, localizeSeries } from '../data/translations.js';
import {
  type OperationHandler,
  type OperationRequest,
  PAGE_SIZE,
  paged,
  pageOf,
  pageOfOrder,
} from '../service/request.js';
import { fail } from '../service/status-codes.js';
import { discoverFilter } from './discover-params.js';

function timeWindow(req: OperationRequest): TimeWindow {
  const window = req.params.time_window;
  return window === 'day' || window === 'week' ? window : fail(34);
}

const EST_OFFSET_MS = -5 * 3_600_000;

/** Today's weekday where the request says (without a timezone the service counts days in EST, FACTS §5). */
function weekday(req: OperationRequest): number {
  const timezone = req.query.get('timezone');
  if (!timezone) return new Date(req.now + EST_OFFSET_MS).getUTCDay();
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short' }).format(req.now);
    return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
  } catch {
    return fail(28);
  }
}

export const trendingTv: OperationHandler = ({ cat, state }, req) => {
  const order = trendingOrder(cat, 'tv', timeWindow(req), req.now, state.trendingShuffles);
  const language = languageOf(req.query);
  return pageOfOrder(req, order, (i) => localizeSeries(cat, cat.seriesSummary(i, true), language));
};

export const trendingMovies: OperationHandler = ({ cat, state }, req) => {
  const order = trendingOrder(cat, 'movie', timeWindow(req), req.now, state.trendingShuffles);
  const language = languageOf(req.query);
  return pageOfOrder(req, order, (i) => localizeMovie(cat, cat.movieSummary(i, true), language));
};

export const airingToday: OperationHandler = ({ cat }, req) => {
  const order = airingOrder(cat, weekday(req));
  const language = languageOf(req.query);
  return pageOfOrder(req, order, (i) => localizeSeries(cat, cat.seriesSummary(i, false), language));
};

export const discoverTv: OperationHandler = ({ cat }, req) => {
  const filter = discoverFilter(req);
  const page = pageOf(req);
  const { indexes, total } = discoverPage(cat, filter, page, PAGE_SIZE);
  const language = languageOf(req.query);
  return paged(
    page,
    indexes.map((i) => localizeSeries(cat, cat.seriesSummary(i, false), language)),
    total,
  );
};

/** People's names are not translated (the service serves one name per person); what they are known for is. */
export const popularPeople: OperationHandler = ({ cat }, req) => {
  const language = languageOf(req.query);
  return pageOfOrder(req, popularPeopleOrder(cat), (i) => {
    const person = personSummary(cat, i);
    if (language === 'en') return person;
    const knownFor = (person.known_for as Record<string, unknown>[]).map((item) =>
      localizeKnownFor(cat, item, language),
    );
    return { ...person, known_for: knownFor };
  });
};

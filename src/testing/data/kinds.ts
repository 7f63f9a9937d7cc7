/** Salts that keep each kind of record's random stream independent of the others. */
export const KIND = {
  seriesId: 1,
  series: 2,
  seriesText: 3,
  seriesShape: 4,
  movieId: 5,
  movie: 6,
  movieText: 7,
  personId: 8,
  person: 9,
  personText: 10,
  episode: 11,
  credits: 12,
  seasonImages: 13,
  videos: 14,
  translations: 15,
  externalIds: 16,
  taggedImages: 17,
  trending: 18,
  mutation: 19,
  session: 20,
  seasonDetails: 21,
  /** Translations into other languages than English (`translations.ts`). */
  translation: 22,
  /** Movie credits and the details of movies, series and people (`movie-credits.ts`, `*-details.ts`). */
  movieCredits: 23,
  movieDetails: 24,
  seriesDetails: 25,
  personDetails: 26,
  /** The rosters of `credits-graph.ts`. */
  roster: 27,
} as const;

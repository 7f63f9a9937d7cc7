import { type EpisodeFields, episodeObject } from './episodes.js';
import { ImageLabels } from './image-labels.js';
import { KIND } from './kinds.js';
import { movieCore, movieSummary } from './movies.js';
import { creditPerson } from './people.js';
import { IdCodec, SCALE_SIZES, type Scale, type ScaleSizes, type SeasonShape } from './scale.js';
import { seriesCore, seriesSeasons, seriesSummary } from './series.js';

/**
 * The generated catalogue: a seed, a scale and the mutations applied so far. Nothing is generated up front;
 * every record is computed from `(seed, kind, index)` when asked for, and the only stored data are mutations
 * (and the sort columns that `orders.ts` builds on first use).
 */
export class Catalogue {
  readonly sizes: ScaleSizes;
  readonly series: IdCodec;
  readonly movies: IdCodec;
  readonly people: IdCodec;
  /** Field values set by `control.mutateEpisodes`, by episode id. */
  readonly episodeOverrides = new Map<number, Partial<EpisodeFields>>();
  /** Episode names in another language set by translation changes (`mutateEpisodes`), by `<language>:<episode id>`. */
  readonly translationOverrides = new Map<string, { name: string }>();
  /** The title or name each generated image path shows, for the placeholder images. */
  readonly imageLabels = new ImageLabels();

  constructor(
    readonly seed: number,
    readonly scale: Scale,
  ) {
    this.sizes = SCALE_SIZES[scale];
    this.series = new IdCodec(seed, KIND.seriesId, 1, 3, this.sizes.series);
    this.movies = new IdCodec(seed, KIND.movieId, 11, 11, this.sizes.movies);
    this.people = new IdCodec(seed, KIND.personId, 7, 23, this.sizes.people);
  }

  seriesSummary(index: number, mediaType: boolean): Record<string, unknown> {
    return seriesSummary(this, index, mediaType);
  }

  movieSummary(index: number, mediaType: boolean): Record<string, unknown> {
    return movieSummary(this, index, mediaType);
  }

  creditPerson(index: number): Record<string, unknown> {
    return creditPerson(this, index);
  }

  seasons(seriesIndex: number): SeasonShape[] {
    return seriesSeasons(this, seriesIndex);
  }

  episode(seriesIndex: number, season: SeasonShape, episodeNumber: number): Record<string, unknown> {
    return episodeObject(this, seriesIndex, season, episodeNumber);
  }

  /** The first non-adult series at or after `index` (wrapping): references from lists never point at adult titles. */
  nonAdultSeries(index: number): number {
    for (let i = 0; i < this.sizes.series; i++) {
      const candidate = (index + i) % this.sizes.series;
      if (!seriesCore(this, candidate).adult) return candidate;
    }
    return index;
  }

  nonAdultMovie(index: number): number {
    for (let i = 0; i < this.sizes.movies; i++) {
      const candidate = (index + i) % this.sizes.movies;
      if (!movieCore(this, candidate).adult) return candidate;
    }
    return index;
  }
}

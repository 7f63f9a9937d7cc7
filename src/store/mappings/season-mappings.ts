import type { ResponseOf } from '../../api/index.js';
import type { SeasonRow } from '../tables/rows.js';
import type { ResourceMapping } from './store-mapping.js';
import { variantOf } from './variant-of.js';

const PATH_PARAMS = ['series_id', 'season_number'] as const;

/** Season credits merge into the season row, beside whatever images it holds. */
export const seasonCreditsMapping: ResourceMapping<'seasonCredits'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['seasons'],
  toRows(data: ResponseOf<'seasonCredits'>, { params }) {
    const row: SeasonRow = { series_id: params.series_id, season_number: params.season_number, credits: data };
    return { records: [{ table: 'seasons', rows: [row as unknown as Record<string, unknown>] }] };
  },
  async read(context) {
    const { series_id, season_number } = context.params;
    const row = await context.record<SeasonRow>('seasons', [series_id, season_number]);
    return row?.credits;
  },
};

/**
 * Season images merge into the season row, one entry per image-language variant of the request
 * (`include_image_language` changes which posters come back, so variants must not overwrite each other).
 */
export const seasonImagesMapping: ResourceMapping<'seasonImages'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['seasons'],
  toRows(data: ResponseOf<'seasonImages'>, { params }) {
    const variant = variantOf(params, PATH_PARAMS);
    const row: SeasonRow = {
      series_id: params.series_id,
      season_number: params.season_number,
      images: { [variant]: data },
    };
    return { records: [{ table: 'seasons', rows: [row as unknown as Record<string, unknown>] }] };
  },
  async read(context) {
    const { series_id, season_number } = context.params;
    const row = await context.record<SeasonRow>('seasons', [series_id, season_number]);
    return row?.images?.[variantOf(context.params, PATH_PARAMS)];
  },
};

import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const personExternalIds = schemaOf(() => {
  // The service sends both "" and null for "no value" (FACTS §8), sometimes side by side.
  const externalId = z.nullable(z.string());
  return z.object({
    id: recordId,
    facebook_id: externalId,
    freebase_id: externalId,
    freebase_mid: externalId,
    imdb_id: externalId,
    instagram_id: externalId,
    tiktok_id: externalId,
    tvrage_id: z.nullable(z.int()),
    twitter_id: externalId,
    wikidata_id: externalId,
    youtube_id: externalId,
  });
});

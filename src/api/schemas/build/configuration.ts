import * as z from 'zod/mini';
import { schemaOf } from './schema-of.js';

export const imageConfiguration = schemaOf(() => {
  const sizes = z.array(z.string());
  return z.object({
    base_url: z.string(),
    secure_base_url: z.string(),
    backdrop_sizes: sizes,
    logo_sizes: sizes,
    poster_sizes: sizes,
    profile_sizes: sizes,
    still_sizes: sizes,
  });
});

export const configuration = schemaOf(() =>
  z.object({
    change_keys: z.array(z.string()),
    images: imageConfiguration(),
  }),
);

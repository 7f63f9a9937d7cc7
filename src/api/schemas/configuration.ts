import * as z from 'zod/mini';

const sizes = z.array(z.string());

export const imageConfiguration = z.object({
  base_url: z.string(),
  secure_base_url: z.string(),
  backdrop_sizes: sizes,
  logo_sizes: sizes,
  poster_sizes: sizes,
  profile_sizes: sizes,
  still_sizes: sizes,
});

/** Image base addresses and size tokens, and every key a change feed may carry. */
export const configuration = z.object({
  change_keys: z.array(z.string()),
  images: imageConfiguration,
});

export type ImageConfiguration = z.output<typeof imageConfiguration>;
export type Configuration = z.output<typeof configuration>;

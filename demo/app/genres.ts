/** The service's TV genres (its own ids): it has a genre list endpoint the library does not sync, so they live here. */
export const TV_GENRES: readonly (readonly [id: number, name: string])[] = [
  [10759, 'Action & Adventure'],
  [16, 'Animation'],
  [35, 'Comedy'],
  [80, 'Crime'],
  [99, 'Documentary'],
  [18, 'Drama'],
  [10751, 'Family'],
  [10762, 'Kids'],
  [9648, 'Mystery'],
  [10763, 'News'],
  [10764, 'Reality'],
  [10765, 'Sci-Fi & Fantasy'],
  [10766, 'Soap'],
  [10767, 'Talk'],
  [10768, 'War & Politics'],
  [37, 'Western'],
];

export function genreName(id: number): string | undefined {
  return TV_GENRES.find(([genreId]) => genreId === id)?.[1];
}

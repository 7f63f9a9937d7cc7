import { hashString } from './data/random.js';

const WIDTHS: Record<string, number> = {
  w45: 45,
  w92: 92,
  w154: 154,
  w185: 185,
  w300: 300,
  w342: 342,
  w500: 500,
  w780: 780,
  w1280: 1280,
};

/** Every size token of the configuration. */
export const IMAGE_SIZES = new Set([...Object.keys(WIDTHS), 'h632', 'original']);

const FILE = /^[A-Za-z0-9]{1,64}\.(jpg|png|svg)$/;

/**
 * A placeholder image for `/t/p/{size}/{file}`: an SVG whose size follows the token (2:3 like posters and
 * profiles; 16:9 for the backdrop-only tokens) and whose colour follows the file name. Undefined for a bad
 * token or file name, which the image CDN answers with 404.
 */
export function placeholderSvg(size: string, file: string): string | undefined {
  if (!IMAGE_SIZES.has(size) || !FILE.test(file)) return undefined;
  const wide = size === 'w1280' || size === 'w300';
  let width = WIDTHS[size] ?? (size === 'h632' ? 421 : 1000);
  let height = wide ? Math.round((width * 9) / 16) : Math.round(width * 1.5);
  if (size === 'h632') height = 632;
  if (size === 'original') [width, height] = [1000, 1500];
  const hue = hashString(file) % 360;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="hsl(${hue},45%,35%)"/>`,
    `<text x="50%" y="50%" fill="hsl(${hue},45%,85%)" font-family="sans-serif" font-size="${Math.max(8, Math.round(width / 12))}" text-anchor="middle">${size}</text>`,
    '</svg>',
  ].join('');
}

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

/** Words left out of initials: "The Silent River" is "SR". */
const MINOR_WORDS = new Set(['the', 'of', 'a', 'an', '&']);

/**
 * A placeholder image for `/t/p/{size}/{file}`: an SVG whose width follows the token, 2:3 like posters and
 * profiles, or 16:9 for the backdrop-only tokens and for an image `label` says is wide (a still, a backdrop); on a
 * gradient whose hue follows the file name. With `label` (the title or name the image belongs to) it reads like a
 * poster: big initials and the title. Undefined for a bad token or file name, which the image CDN answers with 404.
 */
export function placeholderSvg(
  size: string,
  file: string,
  label?: { readonly text: string; readonly wide?: boolean },
): string | undefined {
  if (!IMAGE_SIZES.has(size) || !FILE.test(file)) return undefined;
  const wide = size === 'w1280' || size === 'w300' || (label?.wide === true && size.startsWith('w'));
  let width = WIDTHS[size] ?? (size === 'h632' ? 421 : 1000);
  let height = wide ? Math.round((width * 9) / 16) : Math.round(width * 1.5);
  if (size === 'h632') height = 632;
  if (size === 'original') [width, height] = [1000, 1500];
  const hue = hashString(file) % 360;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="hsl(${hue},55%,38%)"/>`,
    `<stop offset="1" stop-color="hsl(${(hue + 50) % 360},60%,14%)"/>`,
    '</linearGradient></defs>',
    '<rect width="100%" height="100%" fill="url(#g)"/>',
    ...(label ? labelText(label.text, width, height, hue) : []),
    '</svg>',
  ].join('');
}

function labelText(label: string, width: number, height: number, hue: number): string[] {
  const short = Math.min(width, height);
  const initialsSize = Math.round(short * (width > height ? 0.4 : 0.34));
  const titleSize = Math.max(6, Math.round(short / 11));
  // Characters per line for a sans-serif at that size, about half an em wide.
  const lines = wrap(label, Math.max(6, Math.floor((width * 0.84) / (titleSize * 0.55))), 3);
  const lineHeight = Math.round(titleSize * 1.2);
  const firstBaseline = height - Math.round(short * 0.08) - lineHeight * (lines.length - 1);
  const font = 'font-family="system-ui,sans-serif" text-anchor="middle"';
  return [
    `<text x="50%" y="${Math.round(height * (lines.length > 2 ? 0.4 : 0.45))}" ${font} font-weight="700" ` +
      `font-size="${initialsSize}" dominant-baseline="middle" fill="hsl(${hue},70%,88%)" fill-opacity="0.9">` +
      `${escapeXml(initials(label))}</text>`,
    `<text ${font} font-weight="600" font-size="${titleSize}" fill="#fff">`,
    ...lines.map(
      (line, index) => `<tspan x="50%" y="${firstBaseline + index * lineHeight}">${escapeXml(line)}</tspan>`,
    ),
    '</text>',
  ];
}

function initials(label: string): string {
  const words = label.split(/\s+/).filter((word) => word !== '');
  const major = words.filter((word) => !MINOR_WORDS.has(word.toLowerCase()));
  return (major.length > 0 ? major : words)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
}

/** Greedy word wrap into at most `maxLines` lines, the last one cut with an ellipsis when the label is longer. */
function wrap(label: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(/\s+/).filter((w) => w !== '')) {
    if (line === '' || line.length + 1 + word.length <= maxChars) line = line === '' ? word : `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => cut(l, maxChars));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = cut(`${kept[maxLines - 1]}…`, maxChars);
  return kept.map((l) => cut(l, maxChars));
}

function cut(line: string, maxChars: number): string {
  return line.length <= maxChars ? line : `${line.slice(0, maxChars - 1)}…`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

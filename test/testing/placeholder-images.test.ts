/**
 * The fake's placeholder images read like posters: a gradient whose hue follows the file, the initials and the
 * title of the record the image belongs to, at the size the token names.
 */
import { describe, expect, it } from 'vitest';
import { placeholderSvg } from '../../src/testing/index.js';
import { harness, type Json } from './helpers.js';

describe('placeholder images', () => {
  it('draws the initials and the title, escaped, on a gradient at the token’s size', () => {
    const svg = placeholderSvg('w342', 'abcDEF123.jpg', { text: 'The Silent River & <Sea>' }) as string;
    expect(svg).toContain('width="342" height="513"');
    expect(svg).toContain('<linearGradient');
    expect(svg).toContain('>SR</text>');
    expect(svg).toContain('The Silent River');
    expect(svg).toContain('&#38; &#60;Sea&#62;');
    expect(svg).not.toMatch(/& |<Sea>/);
    // Same file, same colours; another file, other colours.
    expect(placeholderSvg('w342', 'abcDEF123.jpg', { text: 'Other' })).toContain(svg.match(/stop-color="[^"]+"/)?.[0]);
    expect(placeholderSvg('w342', 'zzzDEF123.jpg', { text: 'Other' })).not.toContain(
      svg.match(/stop-color="[^"]+"/)?.[0],
    );
  });

  it('keeps a long title to three lines, a wide token or a wide image 16:9; without a label, no text', () => {
    const long = placeholderSvg('w92', 'a.jpg', { text: 'Word '.repeat(40) }) as string;
    expect(long.match(/<tspan/g)).toHaveLength(3);
    expect(long).toContain('…');
    expect(placeholderSvg('w300', 'a.jpg', { text: 'Still' })).toContain('width="300" height="169"');
    // A still at a size posters share (w185) is still 16:9: the label says it is wide.
    expect(placeholderSvg('w185', 'a.jpg', { text: 'Still', wide: true })).toContain('width="185" height="104"');
    expect(placeholderSvg('w342', 'a.jpg')).not.toContain('<text');
  });

  it('labels a served poster and profile with the title or name the service gave with its path', async () => {
    const { get, json } = harness({ seed: 3, scale: 'small' });
    const movies = await json<{ results: Json[] }>('/3/trending/movie/day');
    const movie = movies.results.find(
      (result) => typeof result.poster_path === 'string' && typeof result.backdrop_path === 'string',
    ) as Json;
    const poster = await (await get(`/t/p/w342${movie.poster_path}`, {})).text();
    expect(poster).toContain(String(movie.title).split(' ')[0]?.replace('&', '&#38;'));
    const people = await json<{ results: Json[] }>('/3/person/popular');
    const person = people.results.find((result) => typeof result.profile_path === 'string') as Json;
    const photo = await (await get(`/t/p/w185${person.profile_path}`, {})).text();
    expect(photo).toContain(String(person.name).split(' ')[0]);
    // A backdrop is drawn wide at any width token.
    const backdrop = await (await get(`/t/p/w780${movie.backdrop_path}`, {})).text();
    expect(backdrop).toContain('width="780" height="439"');
  });
});

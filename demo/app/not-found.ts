/** What every "not found" screen says under its heading, one style for an unknown address and an unknown id. */
import { h } from './dom.js';

export function notFoundParts(detail: string): HTMLElement[] {
  return [h('p', { class: 'not-found' }, detail), h('p', {}, h('a', { href: '#/' }, 'Back to trending'))];
}

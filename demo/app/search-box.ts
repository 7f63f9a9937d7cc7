/**
 * The header's search box. Typing does not flood the service: the route (and so the one live search view) follows
 * the text only once the typing pauses for `SEARCH_PAUSE_MS`; Enter goes at once. The previous query's screen, and
 * its view, is dropped when the next one opens, so an answer to an older query can never show over a newer one.
 */
import { h } from './dom.js';

/** How long typing must pause before the text is searched: a person between words, not between keys. */
export const SEARCH_PAUSE_MS = 300;

export function searchHash(query: string): string {
  const text = query.trim();
  return text === '' ? '#/search' : `#/search?q=${encodeURIComponent(text)}`;
}

export interface SearchBox {
  readonly element: HTMLFormElement;
  readonly input: HTMLInputElement;
  /** Shows the route's query in the box, unless the user is typing in it. */
  show(query: string): void;
}

/** `go(hash)` opens the results screen for a query: the page decides whether that is a new history entry. */
export function searchBox(go: (hash: string) => void): SearchBox {
  const input = h('input', {
    id: 'search-input',
    type: 'search',
    name: 'q',
    placeholder: 'Search titles and people',
    autocomplete: 'off',
    enterkeyhint: 'search',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    go(searchHash(input.value));
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(flush, SEARCH_PAUSE_MS);
  });
  const element = h(
    'form',
    {
      class: 'search',
      role: 'search',
      onsubmit: (event: Event) => {
        event.preventDefault();
        flush();
      },
    },
    h('label', { for: 'search-input', class: 'visually-hidden' }, 'Search titles and people'),
    input,
  );
  return {
    element,
    input,
    show(query) {
      if (document.activeElement !== input) input.value = query;
    },
  };
}

/**
 * A rating control: a labelled `<select>` of the service's steps (0.5 to 10 by 0.5) whose first option removes
 * the rating. It stays one element across redraws, so keyboard focus survives the optimistic update it causes.
 */
import type { Rated } from '../../src/index.js';
import { h } from './dom.js';

const STEPS = Array.from({ length: 20 }, (_, index) => (20 - index) / 2);

export interface RatingSelect {
  readonly element: HTMLElement;
  /** Shows the stored rating (`false` when unrated). */
  show(rated: Rated): void;
}

/** `change(value)` rates, `change(undefined)` removes the rating. */
export function ratingSelect(
  id: string,
  label: string,
  change: (value: number | undefined) => Promise<unknown>,
  /** Keeps the label for screen readers only, where the row already says what is rated. */
  hideLabel = false,
): RatingSelect {
  const select = h(
    'select',
    { id, class: 'rating-select' },
    h('option', { value: '' }, 'Not rated'),
    STEPS.map((step) => h('option', { value: String(step) }, `★ ${step}`)),
  );
  // Not `disabled` while the change is written: a disabled select drops the keyboard focus. Changes in a row are
  // each written and queued in order, so there is nothing to guard against.
  select.addEventListener('change', () => {
    select.setAttribute('aria-busy', 'true');
    void change(select.value === '' ? undefined : Number(select.value)).finally(() => {
      select.removeAttribute('aria-busy');
    });
  });
  // The label sits beside the select, not around it, so the select's name is the label alone.
  const element = h(
    'span',
    { class: 'rating-control' },
    h('label', { for: id, class: hideLabel ? 'visually-hidden' : undefined }, label),
    select,
  );
  return {
    element,
    show(rated) {
      select.value = rated ? String(rated.value) : '';
      element.classList.toggle('rated', rated !== false);
    },
  };
}

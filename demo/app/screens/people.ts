/** Popular people with what they are known for, a page at a time. */
import { grid, personCard } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { h } from '../dom.js';
import { viewPanel } from '../view-panel.js';

export function peopleScreen(ctx: DemoContext): Screen {
  const view = ctx.catalogue.pages('popularPeople');
  const panel = viewPanel(view, {
    what: 'popular people',
    online: ctx.online,
    isEmpty: (data) => data.results.length === 0,
    render: (data) =>
      grid(
        data.results.map((person) => personCard(ctx.images, person)),
        { leading: true },
      ),
    footer: () =>
      view.hasNextPage
        ? h('button', { class: 'button more', type: 'button', onclick: () => void view.fetchNextPage() }, 'Show more')
        : undefined,
  });
  return {
    title: 'People',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'screen-header' }, h('h1', { id: 'screen-title' }, 'Popular people')),
      panel.element,
    ),
    dispose: panel.dispose,
  };
}

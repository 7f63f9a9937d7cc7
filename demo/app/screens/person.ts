/** A person: profile, external ids as links, biographies by language, and the images they are tagged in. */
import type { PersonExternalIds } from '../../../src/api/schemas/index.js';
import { databaseOf } from '../../../src/create-catalogue.js'; // internal: no public view serves records by id yet
import type { DemoContext, Screen } from '../context.js';
import { h, replace } from '../dom.js';
import { viewPanel } from '../view-panel.js';

const PROFILES: readonly (readonly [keyof PersonExternalIds, string, (id: string) => string])[] = [
  ['imdb_id', 'IMDb', (id) => `https://www.imdb.com/name/${id}`],
  ['wikidata_id', 'Wikidata', (id) => `https://www.wikidata.org/wiki/${id}`],
  ['facebook_id', 'Facebook', (id) => `https://www.facebook.com/${id}`],
  ['instagram_id', 'Instagram', (id) => `https://www.instagram.com/${id}`],
  ['twitter_id', 'X', (id) => `https://x.com/${id}`],
  ['tiktok_id', 'TikTok', (id) => `https://www.tiktok.com/@${id}`],
  ['youtube_id', 'YouTube', (id) => `https://www.youtube.com/@${id}`],
];

export function personScreen(ctx: DemoContext, personId: number): Screen {
  const { catalogue, images } = ctx;
  const heading = h('h1', { id: 'screen-title' }, 'Person');
  const portrait = h('div', { class: 'portrait' });
  const department = h('p', { class: 'subtitle' });
  void databaseOf(catalogue)
    .people.get(personId)
    .then((person) => {
      if (!person) return;
      replace(heading, person.name);
      replace(department, person.known_for_department);
      replace(portrait, images.picture(person.profile_path, 'profile', `Photo of ${person.name}`, '200px'));
    });
  const links = viewPanel(catalogue.personExternalIds({ person_id: personId }), {
    what: 'profiles elsewhere',
    online: ctx.online,
    isEmpty: (data) => PROFILES.every(([key]) => !data[key]),
    render: (data) =>
      h(
        'ul',
        { class: 'chips' },
        PROFILES.flatMap(([key, label, url]) => {
          const value = data[key];
          if (typeof value !== 'string' || value === '') return [];
          return [h('li', {}, h('a', { href: url(value), rel: 'noopener noreferrer', target: '_blank' }, label))];
        }),
      ),
  });
  const translations = viewPanel(catalogue.personTranslations({ person_id: personId }), {
    what: 'biographies',
    online: ctx.online,
    isEmpty: (data) => data.translations.length === 0,
    render: (data) =>
      h(
        'div',
        { class: 'translations' },
        data.translations.map((translation, index) =>
          h(
            'details',
            { open: index === 0 },
            h('summary', {}, `${translation.english_name} (${translation.iso_639_1}-${translation.iso_3166_1})`),
            h('p', { lang: translation.iso_639_1 }, translation.data.biography || 'No biography in this language.'),
          ),
        ),
      ),
  });
  const tagged = viewPanel(catalogue.personTaggedImages({ person_id: personId }), {
    what: 'tagged images',
    online: ctx.online,
    isEmpty: (data) => data.results.length === 0,
    render: (data) =>
      h(
        'div',
        { class: 'stills' },
        data.results.map((image) => {
          const title = image.media_type === 'movie' ? image.media.title : image.media.name;
          const kind = image.image_type === 'still' ? 'still' : image.image_type === 'poster' ? 'poster' : 'backdrop';
          const href =
            image.media_type === 'movie'
              ? `#/movie/${image.media.id}`
              : image.media_type === 'episode'
                ? `#/series/${image.media.show_id}/season/${image.media.season_number}`
                : `#/series/${image.media.id}`;
          return h(
            'a',
            { class: 'still-link', href },
            h(
              'figure',
              { class: 'still-figure' },
              images.picture(
                image.file_path,
                kind,
                `${image.image_type} from ${title}`,
                '(max-width: 600px) 30vw, 200px',
              ),
              h('figcaption', {}, title),
            ),
          );
        }),
      ),
  });
  const parts = [links, translations, tagged];
  return {
    title: 'Person',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'detail-header' }, portrait, h('div', {}, heading, department, links.element)),
      h('h2', {}, 'Biography'),
      translations.element,
      h('h2', {}, 'Tagged in'),
      tagged.element,
    ),
    dispose: () => {
      for (const part of parts) part.dispose();
    },
  };
}

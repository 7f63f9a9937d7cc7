/**
 * A person, from their details (their combined credits come appended): photo, name, department, biography and
 * filmography, newest first, each work a link to its screen. Once the person is known: their profiles elsewhere,
 * biographies in other languages and the images they are tagged in.
 */
import type { CastCredit, CrewCredit, PersonDetails, PersonExternalIds } from '../../../src/index.js';
import type { DemoContext, Screen } from '../context.js';
import { facts, followDetails, needsConnection, placeholderOf } from '../detail-screen.js';
import { h, replace, year } from '../dom.js';
import type { Images } from '../images.js';
import { lifeDates } from '../life-dates.js';
import { state, viewPanel } from '../view-panel.js';

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
  const about = h('div', {});
  const status = h('div', {});
  const links = h('div', {});
  const biography = h('div', {});
  const filmography = h('div', {});
  const translations = h('div', {});
  const tagged = h('div', {});
  const section = h(
    'section',
    { class: 'screen' },
    h('header', { class: 'detail-header' }, portrait, h('div', {}, heading, about, status, links)),
    h('h2', {}, 'Biography'),
    biography,
    h('h2', {}, 'Filmography'),
    filmography,
    h('h2', {}, 'Biography in other languages'),
    translations,
    h('h2', {}, 'Tagged in'),
    tagged,
  );
  const draw = (person: PersonDetails) => {
    replace(heading, person.name);
    replace(portrait, images.picture(person.profile_path, 'profile', `Photo of ${person.name}`, '200px'));
    const lived = lifeDates(person.birthday, person.deathday, Date.now());
    replace(about, h('p', { class: 'subtitle' }, facts(person.known_for_department, lived, person.place_of_birth)));
    replace(biography, h('p', { class: 'overview' }, person.biography || 'No biography yet.'));
    replace(filmography, filmographyList(images, person));
  };
  const mount = () => {
    const parts = [
      profilesPanel(ctx, personId, links),
      translationsPanel(ctx, personId, translations),
      taggedPanel(ctx, personId, tagged),
    ];
    return () => {
      for (const dispose of parts) dispose();
    };
  };
  const stop = followDetails(catalogue.personDetails({ person_id: personId }), {
    what: 'person',
    heading,
    section,
    status,
    online: ctx.online,
    draw,
    mount,
    placeholder: placeholderOf(catalogue.local.summary('person', personId), (summary) => {
      replace(heading, summary.name);
      replace(portrait, images.picture(summary.profile_path, 'profile', `Photo of ${summary.name}`, '200px'));
      replace(about, h('p', { class: 'subtitle' }, facts(summary.known_for_department)));
      replace(biography, needsConnection('The biography'));
      replace(filmography, needsConnection('The filmography'));
      replace(translations, needsConnection('The biography in other languages'));
      replace(tagged, needsConnection('The pictures'));
    }),
  });
  return { title: 'Person', element: section, dispose: stop };
}

interface Work {
  readonly href: string;
  readonly title: string;
  readonly date: string | null | undefined;
  readonly posterPath: string | null;
  readonly roles: string[];
}

/** One entry per work (a role and a job on one film are one entry), newest first; undated works last. */
function filmographyList(images: Images, person: PersonDetails): HTMLElement {
  const works = new Map<string, Work>();
  const add = (credit: CastCredit | CrewCredit, role: string) => {
    const key = `${credit.media_type}:${credit.id}`;
    const known = works.get(key);
    if (known) {
      if (!known.roles.includes(role)) known.roles.push(role);
      return;
    }
    const movie = credit.media_type === 'movie';
    works.set(key, {
      href: movie ? `#/movie/${credit.id}` : `#/series/${credit.id}`,
      title: movie ? credit.title : credit.name,
      date: movie ? credit.release_date : credit.first_air_date,
      posterPath: credit.poster_path,
      roles: [role],
    });
  };
  for (const credit of person.combined_credits.cast) add(credit, credit.character ? `as ${credit.character}` : 'Cast');
  for (const credit of person.combined_credits.crew) add(credit, credit.job);
  if (works.size === 0) return state('empty', 'No credits', 'The service lists no work for this person yet.');
  const sorted = [...works.values()].sort((a, b) => (b.date || '').localeCompare(a.date || ''));
  return h(
    'ul',
    { class: 'credits' },
    sorted.map((work) =>
      h(
        'li',
        {},
        h(
          'a',
          { class: 'credit', href: work.href },
          images.picture(work.posterPath, 'poster', `Poster of ${work.title}`, '64px'),
          h('span', {}, h('strong', {}, work.title), h('small', {}, facts(year(work.date), work.roles.join(', ')))),
        ),
      ),
    ),
  );
}

function profilesPanel(ctx: DemoContext, personId: number, into: HTMLElement): () => void {
  const panel = viewPanel(ctx.catalogue.personExternalIds({ person_id: personId }), {
    what: 'profiles elsewhere',
    online: ctx.online,
    // Right under the person's own freshness line: a second "fresh · updated just now" would only repeat it.
    quiet: true,
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
  replace(into, panel.element);
  return panel.dispose;
}

function translationsPanel(ctx: DemoContext, personId: number, into: HTMLElement): () => void {
  const panel = viewPanel(ctx.catalogue.personTranslations({ person_id: personId }), {
    what: 'biographies',
    online: ctx.online,
    isEmpty: (data) => data.translations.length === 0,
    render: (data) =>
      h(
        'div',
        { class: 'translations' },
        data.translations.map((translation) =>
          h(
            'details',
            {},
            h('summary', {}, `${translation.english_name} (${translation.iso_639_1}-${translation.iso_3166_1})`),
            h('p', { lang: translation.iso_639_1 }, translation.data.biography || 'No biography in this language.'),
          ),
        ),
      ),
  });
  replace(into, panel.element);
  return panel.dispose;
}

function taggedPanel(ctx: DemoContext, personId: number, into: HTMLElement): () => void {
  const { images } = ctx;
  const panel = viewPanel(ctx.catalogue.personTaggedImages({ person_id: personId }), {
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
  replace(into, panel.element);
  return panel.dispose;
}

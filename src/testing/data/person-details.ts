import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { biographyIn, personCore, personExternalIds, personText } from './people.js';
import { recordRandom } from './random.js';
import { isoDay } from './text.js';
import { COUNTRY_OF, PLACES } from './vocabulary.js';

/**
 * `GET /3/person/{person_id}` in the shape of OpenAPI `person-details`: the person's fields as every credit gives
 * them, the biography their translations have in `language` ("" where they have none: the service does not fall
 * back to English) and the IMDb id of their external ids (so the answers agree);
 * what `append_to_response` adds is added by the route. People's names are not translated (one name per person, as elsewhere).
 */
export function personDetailsOf(cat: Catalogue, index: number, language: string): Record<string, unknown> {
  const core = personCore(cat, index);
  const text = personText(cat, index);
  const rng = recordRandom(cat.seed, KIND.personDetails, index);
  const born = rng.chance(0.15) ? undefined : rng.int(-25_000, 12_000);
  const died = born !== undefined && rng.chance(0.1) ? born + rng.int(20 * 365, 90 * 365) : undefined;
  const place = rng.chance(0.3) ? null : `${rng.pick(PLACES)}, ${rng.pick(Object.values(COUNTRY_OF))}`;
  const details: Record<string, unknown> = {
    adult: core.adult,
    also_known_as: text.originalName === text.name ? [] : [text.originalName],
    biography: biographyIn(cat, index, language),
    birthday: born === undefined ? null : isoDay(born),
    deathday: died === undefined ? null : isoDay(died),
    gender: core.gender,
    homepage: null,
    id: core.id,
    imdb_id: personExternalIds(cat, index).imdb_id,
    known_for_department: core.department,
    name: text.name,
    place_of_birth: place,
    popularity: core.popularity,
    profile_path: text.profilePath,
  };
  return details;
}

import { hash32 } from './random.js';

/**
 * Who is credited on what, as a relation both sides can compute. A work's roster (a movie's cast or crew, one
 * season's cast or crew) names in slot `k` the person `(work·A + k·B + offset) mod P`, P being the number of people.
 * Solved for the work, that gives every work whose roster names a person in slot `k`, so a person's filmography is
 * found without scanning the catalogue, at any scale, and always agrees with the works' own credits.
 *
 * A and B are primes above every scale's person count, hence prime to it: the people of one roster are distinct
 * (`k·B ≢ 0 mod P` for `0 < k < P`), and `A` has an inverse modulo P.
 */
const A = 65_537;
const B = 104_729;

/** Which roster: its kind and, for a season, its number (each roster draws its people apart from the others). */
export interface Roster {
  readonly kind: 'movieCast' | 'movieCrew' | 'seasonCast' | 'seasonCrew';
  readonly seasonNumber?: number;
}

const KIND_SALT = { movieCast: 1, movieCrew: 2, seasonCast: 3, seasonCrew: 4 } as const;

function offsetOf(seed: number, roster: Roster, people: number): number {
  return hash32(seed, 0x0c4e, KIND_SALT[roster.kind], roster.seasonNumber ?? 0) % people;
}

function mod(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}

/** `(a · b) mod m`: exact, as every product here stays far below 2^53 (indexes and primes are under 10^6). */
function mulMod(a: number, b: number, m: number): number {
  return mod(a * b, m);
}

/** The inverse of `a` modulo `m` (extended Euclid); `a` and `m` are coprime here. */
function inverse(a: number, m: number): number {
  let [r0, r1] = [mod(a, m), m];
  let [s0, s1] = [1, 0];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, m);
}

/** The person index in slot `slot` of `work`'s roster. */
export function rosterPerson(seed: number, roster: Roster, work: number, slot: number, people: number): number {
  return mod(mulMod(work, A, people) + mulMod(slot, B, people) + offsetOf(seed, roster, people), people);
}

/** Every work index below `works` whose roster names `person` in `slot` (whether the roster has that slot is the caller's). */
export function rosterWorks(
  seed: number,
  roster: Roster,
  person: number,
  slot: number,
  people: number,
  works: number,
): number[] {
  const target = mod(person - mulMod(slot, B, people) - offsetOf(seed, roster, people), people);
  const first = mulMod(target, inverse(A, people), people);
  const found: number[] = [];
  for (let work = first; work < works; work += people) found.push(work);
  return found;
}

import type { RecordRandom } from './random.js';
import { personName } from './text.js';
import { DEPARTMENTS } from './vocabulary.js';

/**
 * What one slot of a roster says besides the person: drawn from the slot's own stream, so a person's combined
 * credits can show their role in a work without generating the work's whole credits.
 */
export function castRole(rng: RecordRandom): { character: string; credit_id: string } {
  return { character: personName(rng), credit_id: rng.hex(24) };
}

export function crewRole(rng: RecordRandom): { credit_id: string; department: string; job: string } {
  const [department, jobs] = rng.pick(DEPARTMENTS);
  return { credit_id: rng.hex(24), department, job: rng.pick(jobs) };
}

/**
 * The tests' one seeded random: a Park–Miller stream, so the same seed gives the same timeline on every run. Any
 * integer seed works; 1 … 2147483646 are used as they are.
 */
export function seededRandom(seed = 1): () => number {
  let state = ((Math.abs(Math.floor(seed)) + 2147483645) % 2147483646) + 1;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

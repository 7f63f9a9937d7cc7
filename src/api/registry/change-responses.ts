import type { ResponsesOf } from '../responses-of.js';
import { episodeChanges } from '../schemas/build/episode-changes.js';
import { seasonDetails } from '../schemas/build/season-details.js';
import { tvChanges } from '../schemas/build/tv-changes.js';
import type { changeCalls } from './change-calls.js';

/**
 * The response schemas of the change lists and season details (`change-calls.ts`).
 * One per call and no other: the compiler checks both ways.
 */
export const changeResponses = {
  tvChanges,
  seriesChanges: episodeChanges,
  seasonChanges: episodeChanges,
  seasonDetails,
} satisfies ResponsesOf<typeof changeCalls>;

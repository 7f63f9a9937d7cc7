/**
 * Version 13 (what's new): one row per applied change of a tracked episode, keyed by the episode and the change's
 * time on the service, indexed by series (a "what's new" question names series) and by the time it was applied
 * here (the question's `since`, and the pruning of old rows). Only new tables are listed.
 */
export const version13Stores = {
  episodeNews: '[episode_id+at], series_id, appliedAt',
} as const;

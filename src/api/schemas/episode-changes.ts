import type * as z from 'zod/mini';
import * as build from './build/episode-changes.js';

/** Actions, and which value fields come with each (FACTS §6): added → value; updated → value + original_value;
 *  deleted → original_value; destroyed → value; created → neither. */
export const changeAction = /* @__PURE__ */ build.changeAction();

export const changeItem = /* @__PURE__ */ build.changeItem();

/** Changes grouped by key, newest first. */
export const changeGroup = /* @__PURE__ */ build.changeGroup();

export const episodeChanges = /* @__PURE__ */ build.episodeChanges();

export type ChangeAction = z.output<typeof changeAction>;
export type ChangeItem = z.output<typeof changeItem>;
export type ChangeGroup = z.output<typeof changeGroup>;
export type EpisodeChanges = z.output<typeof episodeChanges>;

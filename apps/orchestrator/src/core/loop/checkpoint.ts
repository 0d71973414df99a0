import type { ScoredAnswer } from '@forage/contracts';
import type { ListingItem } from '../aggregate/listing-items.js';
import { SiteFrontier, type FrontierSnapshot } from '../explore/site-frontier.js';
import type { TaskSpec } from '../plan/plan.js';
import type { PageActPlan } from './navigator.js';
import type { RunState } from './run-state.js';

/**
 * What a run has done so far, saved after every step so a run redelivered after a crash continues
 * where it was: the pages, searches and actions already spent, the answers and items found, the
 * details gathered, and where exploration stood (each site's link queue, the current site, the
 * pagination and page actions still to take). Page text is not kept (the answers carry their sources).
 */
export interface Checkpoint {
  readonly steps: number;
  readonly pagesRead: number;
  readonly searches: number;
  readonly actions: number;
  readonly visited: readonly string[];
  readonly queriesTried: readonly string[];
  readonly actKeysTried: readonly string[];
  readonly formsUsed: readonly string[];
  readonly searchedUrls: readonly string[];
  readonly expectedRecordIds: readonly string[];
  readonly resultUrls: readonly string[];
  readonly answers: readonly (readonly [string, ScoredAnswer])[];
  readonly items: readonly { readonly item: ListingItem; readonly context: string }[];
  readonly extraFields: TaskSpec['fields'];
  readonly askedUser: boolean;
  readonly taskDone?: { readonly text: string; readonly source: ScoredAnswer['source'] };
  readonly taskEnded?: { readonly outcome: 'failed' | 'unconfirmed'; readonly reason: string };
  /** The site the task is bound to (named by the user, or confirmed by them). */
  readonly taskSite?: string;
  /** Optional: checkpoints saved before these were kept restore without them. */
  readonly frontiers?: readonly FrontierSnapshot[];
  readonly currentSite?: string;
  readonly pendingNext?: readonly string[];
  readonly pageActs?: readonly PageActPlan[];
  readonly instructionDone?: number;
}

export function checkpointOf(state: RunState): Checkpoint {
  return {
    steps: state.steps,
    pagesRead: state.pagesRead,
    searches: state.searches,
    actions: state.actions,
    visited: [...state.visited],
    queriesTried: [...state.queriesTried],
    actKeysTried: [...state.actKeysTried],
    formsUsed: [...state.formsUsed],
    searchedUrls: [...state.searchedUrls],
    expectedRecordIds: [...new Set(state.expectedRecordIds)],
    resultUrls: [...state.resultUrls],
    answers: [...state.answers],
    items: [...state.items],
    extraFields: [...state.extraFields],
    askedUser: state.askedUser,
    ...(state.taskDone ? { taskDone: state.taskDone } : {}),
    ...(state.taskEnded ? { taskEnded: state.taskEnded } : {}),
    ...(state.taskSite ? { taskSite: state.taskSite } : {}),
    frontiers: [...state.frontiers.values()].map((f) => f.snapshot()),
    ...(state.currentSite ? { currentSite: state.currentSite } : {}),
    pendingNext: [...state.pendingNext],
    pageActs: [...state.pageActs],
    ...(state.instructionDone > 0 ? { instructionDone: state.instructionDone } : {}),
  };
}

/** Puts a saved checkpoint back into a fresh run state. */
export function restoreCheckpoint(state: RunState, cp: Checkpoint): void {
  state.steps = cp.steps;
  state.pagesRead = cp.pagesRead;
  state.searches = cp.searches;
  state.actions = cp.actions;
  for (const v of cp.visited) state.visited.add(v);
  for (const q of cp.queriesTried) state.queriesTried.add(q);
  for (const k of cp.actKeysTried) state.actKeysTried.add(k);
  for (const f of cp.formsUsed) state.formsUsed.add(f);
  for (const u of cp.searchedUrls) state.searchedUrls.add(u);
  state.expectedRecordIds.push(...cp.expectedRecordIds);
  state.resultUrls = cp.resultUrls.filter((u) => !state.isVisited(u));
  for (const [id, answer] of cp.answers) state.answers.set(id, answer);
  state.items.push(...cp.items);
  state.extraFields.push(...cp.extraFields);
  state.askedUser = cp.askedUser;
  if (cp.taskDone) state.taskDone = cp.taskDone;
  if (cp.taskEnded) state.taskEnded = { ...cp.taskEnded };
  if (cp.taskSite) state.taskSite = cp.taskSite;
  // without these a resumed run forgets the links it queued and searches instead of following them
  for (const f of cp.frontiers ?? [])
    state.frontiers.set(f.origin, SiteFrontier.restore(f, state.limits.maxPagesPerSite));
  if (cp.currentSite) state.currentSite = cp.currentSite;
  for (const u of cp.pendingNext ?? []) state.pendingNext.add(u);
  state.pageActs = [...(cp.pageActs ?? [])];
  state.instructionDone = cp.instructionDone ?? 0;
}

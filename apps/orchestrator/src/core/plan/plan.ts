import type { Scope } from './scope.js';

/** The five kinds of request the orchestrator plans for. */
export type RequestKind = 'fact' | 'multi' | 'listing' | 'explore' | 'task';

/** One question the run answers and verifies on its own; a multi-part request has several. */
export interface Part {
  readonly id: string;
  readonly question: string;
  /** The named thing the part is about ("Sobrica"), when the question names one. */
  readonly entity?: string;
  /** Canonical attribute id from the lexicon ("population"), when the question asks for one. */
  readonly attribute?: string;
  /** The first search query for the part. */
  readonly query: string;
}

/** How the parts' answers make the final answer. */
export type Combine =
  | { readonly kind: 'single' }
  | { readonly kind: 'all' }
  | {
      readonly kind: 'compare';
      readonly pick: 'max' | 'min';
      /** "Is A larger than B?": the entity the question asks about; the answer is yes or no for it. */
      readonly asks?: string;
    };

/** What a listing request wants: items of a kind, where, within which limits, ranked how. */
export interface ListingSpec {
  /** The plural noun asked for ("hotels"). */
  readonly noun: string;
  readonly place?: string;
  readonly maxPrice?: number;
  readonly minRating?: number;
  /** Required features in the user's words ("free parking"). */
  readonly features: readonly string[];
  readonly rank?: { readonly by: 'price' | 'rating'; readonly order: 'asc' | 'desc' };
  /** How many items the user wants (1 for a superlative). */
  readonly limit?: number;
}

/** A task on a page: what to do and the values the user gave. */
export interface TaskSpec {
  readonly verb: string;
  /** Values the request gave, and details recalled from memory or asked (secrets by handle). */
  readonly fields: readonly {
    readonly label: string;
    readonly value: string | { readonly secretHandle: string };
  }[];
  /** Submitting, buying or sending happens only when the request asks for it. */
  readonly submit: boolean;
}

export type NavigatorAction = 'SEARCH' | 'VISIT' | 'AGGREGATE' | 'GO_BACK' | 'ACT' | 'TERMINATE';

export interface PlannedStep {
  readonly action: NavigatorAction;
  readonly detail: string;
}

export interface Plan {
  readonly kind: RequestKind;
  readonly question: string;
  readonly parts: readonly Part[];
  readonly combine: Combine;
  readonly listing?: ListingSpec;
  readonly task?: TaskSpec;
  /** A site the user named (origin or host); exploration stays on it. */
  readonly site?: string;
  /** Pages to read first (the user's own URLs). */
  readonly startUrls: readonly string[];
  /** Where answers may come from: the page the user named, or anywhere (absent: anywhere). */
  readonly scope?: Scope;
  readonly steps: readonly PlannedStep[];
  readonly source: 'heuristic' | 'llm';
}

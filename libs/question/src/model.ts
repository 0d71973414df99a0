/** The one reading of a question: its shape, what it asks, of what, within which constraints. */

/** What kind of value answers the question. */
export type AnswerType =
  | 'number'
  | 'money'
  | 'date'
  | 'person'
  | 'place'
  | 'name'
  | 'boolean'
  | 'count'
  | 'list'
  /** What a thing is or what a word means ("Who is Ada Lovelace?", "What does 'fjord' mean?"). */
  | 'definition'
  | 'text';

/** A bound on a number: "under $300", "at least 4 stars", "over 2 million inhabitants". */
export interface Bound {
  readonly amount: number;
  /** ISO currency code for money ("USD"). */
  readonly currency?: string;
  /** The unit as written in lower case ("kg", "km²"), when one was. */
  readonly unit?: string;
}

/** A bound on one attribute of the items of a set. */
export interface AttributeBound {
  readonly attribute: string;
  readonly min?: Bound;
  readonly max?: Bound;
}

/** How items are to be ordered. */
export interface Order {
  /** Attribute id ("price", "rating", "population", "date"). */
  readonly by: string;
  readonly direction: 'asc' | 'desc';
}

/** Everything a request restricts its answer by. Absent fields restrict nothing. */
export interface Constraints {
  readonly price?: { readonly min?: Bound; readonly max?: Bound };
  readonly rating?: { readonly min?: number; readonly max?: number };
  /** Years: "after 2019", "before 2000", "in 2021" (min = max), "between 2010 and 2015". */
  readonly date?: { readonly min?: number; readonly max?: number };
  /** Other numeric attributes bounded ("with a population over 1 million", "under 2 kg"). */
  readonly bounds: readonly AttributeBound[];
  readonly place?: string;
  /** Required features in the user's words ("free parking", "pool"). */
  readonly features: readonly string[];
  readonly author?: string;
  /** A kind of item narrower than the noun ("hiking" tents, "the Stoves category"). */
  readonly category?: string;
  /** A site or shop the user names ("in the Northwind shop", "on example.org"). */
  readonly site?: string;
  /** How many items are asked for ("the three cheapest", "top 5", "list 4 hotels"). */
  readonly count?: number;
  readonly order?: Order;
}

/**
 * One step of a chain: "the capital of {}" — a question about the subject the previous step found
 * (or, for the first step, the entity the question names). `template` holds `{}` where the subject goes.
 */
export interface Hop {
  /** The relation or attribute the hop asks for ("capital", "designer", "pairs with"). */
  readonly relation: string;
  /** Canonical attribute id, when the lexicon names it. */
  readonly attribute?: string;
  /** The question for this hop, with `{}` for its subject. */
  readonly template: string;
  /** What the hop's value is: a place, a person, a name, a number… */
  readonly answerType: AnswerType;
}

/** "the population of the capital of X": X, then hops innermost first (capital, then population). */
export interface HopChain {
  readonly entity: string;
  readonly hops: readonly Hop[];
}

/** What is done with the members of a set once it is found. */
export type SetOperation =
  /** The top k members by an attribute (k = 1: a superlative). */
  | { readonly kind: 'top'; readonly k: number; readonly order: Order }
  | { readonly kind: 'count' }
  | { readonly kind: 'sum' | 'average'; readonly attribute: string }
  /** Every member meeting the constraints (a constrained listing). */
  | { readonly kind: 'filter' };

/** A question over a set of things of one kind: find them, constrain them, then operate. */
export interface SetQuestion {
  /** The kind of member, singular and lower case ("country", "hotel", "paper"). */
  readonly noun: string;
  readonly operation: SetOperation;
  /** The attribute asked of each selected member ("population"); absent: their names. */
  readonly asked?: string;
  readonly constraints: Constraints;
}

/** How the question's parts combine. */
export type QuestionShape = 'fact' | 'nested' | 'set' | 'listing';

export interface QuestionReading {
  readonly text: string;
  readonly shape: QuestionShape;
  /** The entity the question is about (the innermost one of a chain), when it names one. */
  readonly entity?: string;
  /** Every capitalised or quoted name the question mentions, in order. */
  readonly mentions: readonly string[];
  /** The attribute finally asked (of the entity, of the chain's last subject, or of the members). */
  readonly attribute?: string;
  readonly answerType: AnswerType;
  readonly chain?: HopChain;
  readonly set?: SetQuestion;
  readonly constraints: Constraints;
}

import { z } from 'zod';
import { httpUrlSchema } from './common.js';

/**
 * What a claim states, beyond its text: the question part it answers, the subject (the entity as
 * asked), the attribute or relation, the typed value, its qualifiers, the scope it must come from,
 * its place in a chain of hops and the listing constraint it shows. Every field is optional: a
 * claim without them is checked as before (the text at its XPath), and each field a producer
 * fills adds a deterministic check in the verifier.
 */

/** The question part a claim answers. */
export const claimQuestionSchema = z
  .object({
    partId: z.string().min(1).max(100),
    text: z.string().min(1).max(2000),
  })
  .meta({ title: 'ClaimQuestion' });
export type ClaimQuestion = z.infer<typeof claimQuestionSchema>;

/**
 * The entity the claim is about: as the user asked it (`asked`), or — for a question about "this
 * page / this product" — the page's main item (`mainItem`). `named` and `xpath` record the string
 * and node that name it on the page, once the verifier has bound it.
 */
export const claimSubjectSchema = z
  .object({
    asked: z.string().min(1).max(300).optional(),
    mainItem: z
      .boolean()
      .optional()
      .meta({ description: 'The subject is the main item of the page asked about' }),
    named: z.string().max(300).optional(),
    xpath: z.string().max(2000).optional(),
  })
  .meta({ title: 'ClaimSubject' });
export type ClaimSubject = z.infer<typeof claimSubjectSchema>;

/** The attribute or relation claimed: a canonical id of the shared lexicon (`population`, `price`, `capital`). */
export const claimAttributeSchema = z
  .object({
    id: z.string().min(1).max(100),
    /** The user's words for it, when they differ from the id. */
    asked: z.string().max(300).optional(),
  })
  .meta({ title: 'ClaimAttribute' });
export type ClaimAttribute = z.infer<typeof claimAttributeSchema>;

/** The claimed value, typed and normalised (numbers without separators, ISO dates, ISO 4217 currencies). */
export const claimValueSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('number'), amount: z.number(), unit: z.string().max(40).optional() }),
    z.object({ type: z.literal('money'), amount: z.number(), currency: z.string().max(8).optional() }),
    z.object({ type: z.literal('date'), iso: z.string().max(40) }),
    z.object({ type: z.literal('name'), text: z.string().min(1).max(500) }),
    z.object({ type: z.literal('boolean'), value: z.boolean() }),
    z.object({ type: z.literal('member'), text: z.string().min(1).max(500), of: z.string().max(300) }),
  ])
  .meta({ title: 'ClaimValue' });
export type ClaimValue = z.infer<typeof claimValueSchema>;

/** A qualifier of the value (`year` 2020, `currency` EUR, `per` night). */
export const claimQualifierSchema = z.object({
  name: z.string().min(1).max(60),
  value: z.string().min(1).max(200),
});
export type ClaimQualifier = z.infer<typeof claimQualifierSchema>;

/**
 * Where the evidence must come from: the pages the user gave (`page`, with the pages they link to
 * on the same site when `followLinks`), the user's own index, or the web.
 */
export const claimScopeSchema = z
  .object({
    kind: z.enum(['page', 'index', 'web']),
    urls: z.array(httpUrlSchema).max(20).optional(),
    followLinks: z.boolean().optional(),
  })
  .meta({ title: 'ClaimScope' });
export type ClaimScope = z.infer<typeof claimScopeSchema>;

/**
 * One hop of a nested question ("the population of the capital of X": hop 1 finds the capital,
 * hop 2 its population). Hops of one chain share `chain`; `index` counts from 1; the value of hop
 * n is the subject of hop n+1, and only the last hop is the answer.
 */
export const claimHopSchema = z
  .object({
    chain: z.string().min(1).max(100),
    index: z.number().int().min(1).max(10),
    of: z.number().int().min(1).max(10),
  })
  .meta({ title: 'ClaimHop' });
export type ClaimHop = z.infer<typeof claimHopSchema>;

/**
 * A constraint of a listing request this claim shows for one item: the price under a bound, a
 * rating at least, a place, a feature, an author, a category, a date.
 */
export const claimConstraintSchema = z
  .object({
    kind: z.enum(['max', 'min', 'place', 'feature', 'author', 'category', 'date']),
    attribute: z.string().min(1).max(100),
    bound: z.number().optional(),
    currency: z.string().max(8).optional(),
    text: z.string().max(300).optional(),
    /** The listed item this constraint is checked for. */
    item: z.string().min(1).max(1000),
  })
  .meta({ title: 'ClaimConstraint' });
export type ClaimConstraint = z.infer<typeof claimConstraintSchema>;

/** The statement fields a claim may carry, grouped so contracts can add them in one place. */
export const claimStatementShape = {
  question: claimQuestionSchema.optional(),
  subject: claimSubjectSchema.optional(),
  attribute: claimAttributeSchema.optional(),
  value: claimValueSchema.optional(),
  qualifiers: z.array(claimQualifierSchema).max(10).optional(),
  scope: claimScopeSchema.optional(),
  hop: claimHopSchema.optional(),
  constraint: claimConstraintSchema.optional(),
};

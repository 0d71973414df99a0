import { z } from 'zod';
import { defineCommand } from './define.js';
import { httpUrlSchema, runIdSchema, sha256Schema } from './common.js';
import { answerDerivationSchema } from './derivation.js';
import { claimStatementShape } from './claim.js';
import { sourceSchema } from './source.js';

/**
 * What a claim states: a span of the answer, one field of a listing item (price, rating, name…),
 * or an answer derived from its supporting snippets by a rule (`derived_answer`: "yes"/"no", or
 * an option chosen by comparing pages), which is not a quotation of any page.
 */
export const claimKindSchema = z.enum(['answer', 'listing_field', 'derived_answer']);

/**
 * Where a claim's evidence is: the one `Source` shape, passed through unchanged from the chunk it
 * was cut from. `title` and `nodeId` stay optional for v1 producers that sent only the snippet's
 * place (url, XPath, snapshot, record).
 */
export const claimSourceSchema = sourceSchema.extend({
  title: sourceSchema.shape.title.optional(),
  nodeId: sourceSchema.shape.nodeId.optional(),
});
export type ClaimSource = z.infer<typeof claimSourceSchema>;

/**
 * How a `derived_answer` claim was reached: the rule, in words, and every snippet it rests on. The
 * verifier checks each support at its XPath in its snapshot; the claim's text is never looked for
 * in them.
 */
export const claimDerivationSchema = z
  .object({
    kind: answerDerivationSchema.shape.kind,
    rule: answerDerivationSchema.shape.rule,
    supports: z.array(claimSourceSchema).min(1).max(30),
  })
  .meta({ title: 'ClaimDerivation' });
export type ClaimDerivation = z.infer<typeof claimDerivationSchema>;

export const claimSchema = z.object({
  claimId: z.string().min(1).max(100),
  /** `answer` when absent. */
  kind: claimKindSchema.optional(),
  /** For a listing field: the field's name (`price`, `star_rating`). */
  field: z.string().min(1).max(100).optional(),
  text: z.string().min(1).max(2000),
  confidence: z.number().min(0).max(1),
  source: claimSourceSchema,
  /** Only for kind `derived_answer` (and required there): the rule and the snippets it rests on. */
  derivation: claimDerivationSchema.optional(),
  ...claimStatementShape,
});
export type Claim = z.infer<typeof claimSchema>;

export const checkResultSchema = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });
export type CheckResult = z.infer<typeof checkResultSchema>;

/**
 * Why a claim is or is not verified: `verified` (every check passed), `evidence_missing` (no
 * trustworthy record or snapshot behind it: missing, another run's, tampered, chain broken),
 * `contradicted` (the node at its XPath says something else), `unsupported` (the snippet is not
 * in that node, or the answer not in the snippet), `below_threshold` (supported, but its
 * confidence is under the release threshold), `out_of_scope` (the evidence comes from a page
 * outside the scope the question set: not the page the user named).
 */
export const claimOutcomeSchema = z.enum([
  'verified',
  'unsupported',
  'contradicted',
  'below_threshold',
  'evidence_missing',
  'out_of_scope',
]);
export type ClaimOutcome = z.infer<typeof claimOutcomeSchema>;

/**
 * What a statement check bound on the page: the subject (`subject`: the quote, a row header, a
 * heading, the title, a structured-data item) or the attribute (`attribute`: a label, a column
 * header, a structured-data property), with the text that names it and its node.
 */
export const claimBindingSchema = z
  .object({
    check: z.enum(['subject', 'attribute']),
    via: z.string().max(100),
    text: z.string().max(500),
    xpath: z.string().max(2000).optional(),
  })
  .meta({ title: 'ClaimBinding' });
export type ClaimBinding = z.infer<typeof claimBindingSchema>;

export const claimVerdictSchema = z.object({
  claimId: z.string(),
  /** `verified` only when `outcome` is `verified`. */
  verdict: z.enum(['verified', 'rejected']),
  outcome: claimOutcomeSchema.optional(),
  /** The failed checks' details (and what a contradicting node says); empty when verified. */
  reasons: z.array(z.string().max(1000)).max(20).optional(),
  checks: z.array(checkResultSchema),
  /** How the subject and attribute were bound on the page, when the claim states them. */
  bindings: z.array(claimBindingSchema).max(4).optional(),
  /**
   * The confidence the claim is released with: its answer score (L07 §5.5) combined with the
   * statement checks it passed; 0 when rejected.
   */
  confidence: z.number().min(0).max(1).optional(),
});
export type ClaimVerdict = z.infer<typeof claimVerdictSchema>;

/**
 * The verdict as the verifier records it in its log record (`output.data.verdict`), so anyone can
 * fetch it from logging and check an answer against it. Its digest is sha256 of its canonical JSON.
 */
export const recordedVerdictSchema = z
  .object({
    runId: runIdSchema,
    released: z.boolean(),
    claims: z.array(
      z.object({
        claimId: z.string(),
        verdict: claimVerdictSchema.shape.verdict,
        outcome: claimOutcomeSchema.optional(),
        kind: claimKindSchema.optional(),
        field: z.string().max(100).optional(),
        text: z.string().max(2000),
        url: httpUrlSchema,
        xpath: z.string().max(2000),
        snippet: z.string().max(2000),
        logRecordId: z.uuid(),
        domSnapshotSha256: sha256Schema,
        /**
         * For kind `derived_answer`: the answer was derived by this rule, not quoted. A derived claim
         * is recorded once per supporting snippet (each entry names one support as its source).
         */
        derivation: z
          .object({ kind: answerDerivationSchema.shape.kind, rule: z.string().max(300) })
          .optional(),
      }),
    ),
  })
  .meta({ title: 'RecordedVerdict', description: "The verifier's verdict on a run's claims, as logged" });
export type RecordedVerdict = z.infer<typeof recordedVerdictSchema>;

/** Points at a recorded verdict: the verifier's log record id and the digest of the verdict it holds. */
export const verdictRefSchema = z
  .object({ id: z.uuid(), digest: sha256Schema })
  .meta({ title: 'VerdictRef', description: "The verifier's log record id and the sha256 of its verdict" });
export type VerdictRef = z.infer<typeof verdictRefSchema>;

export const verifyRun = defineCommand({
  subject: 'verify.run.v1',
  description: 'Check every claim of a run against its logged evidence; nothing unverified is released',
  request: z
    .object({
      runId: runIdSchema,
      claims: z.array(claimSchema).min(1).max(100),
      expectedRecordIds: z.array(z.uuid()).max(500),
      minConfidence: z.number().min(0).max(1).default(0.35),
      purpose: z.enum(['release', 'replay']).default('release').meta({
        description:
          "'replay': a re-verification by `forage replay`, logged as its own task (verify:replay), not as another attempt at the run's release verification",
      }),
    })
    .meta({ title: 'VerifyRun' }),
  reply: z.object({
    runId: runIdSchema,
    verdicts: z.array(claimVerdictSchema),
    trace: z.object({
      complete: z.boolean(),
      missingRecordIds: z.array(z.string()),
      chainValid: z.boolean(),
    }),
    released: z.boolean(),
    logRecordId: z.uuid(),
    /** Where the verdict is recorded; a completion carries it so the gateway can fetch and check it. */
    verdict: verdictRefSchema.optional(),
  }),
});

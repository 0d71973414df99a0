import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, runIdSchema, sha256Schema } from './common.js';

export const claimSchema = z.object({
  claimId: z.string().min(1).max(100),
  text: z.string().min(1).max(2000),
  confidence: z.number().min(0).max(1),
  source: z.object({
    url: httpUrlSchema,
    xpath: z.string().max(2000),
    snippet: z.string().min(1).max(2000),
    domSnapshot: evidenceRefSchema,
    logRecordId: z.uuid(),
  }),
});
export type Claim = z.infer<typeof claimSchema>;

export const checkResultSchema = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });
export type CheckResult = z.infer<typeof checkResultSchema>;

export const claimVerdictSchema = z.object({
  claimId: z.string(),
  verdict: z.enum(['verified', 'rejected']),
  checks: z.array(checkResultSchema),
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
        text: z.string().max(2000),
        url: httpUrlSchema,
        xpath: z.string().max(2000),
        snippet: z.string().max(2000),
        logRecordId: z.uuid(),
        domSnapshotSha256: sha256Schema,
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

import { Inject, Injectable } from '@nestjs/common';
import type { CommandRequest, executeAction } from '@forage/contracts';
import { LOGGER, NotFoundError, ToolRecorder } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { summarizeAction } from './core/action-summary.js';
import {
  conflictMessage,
  decideOnExisting,
  ledgerKey,
  requestFingerprint,
  type ActionReply,
} from './core/idempotency.js';
import { QueueFullError, type KeyedSerialQueue } from './core/keyed-serial-queue.js';
import type { ResolvedSecret } from './core/redact.js';
import { EvidenceNotFoundError, EvidenceStore } from '@forage/evidence';
import { ActionAttempt, type AttemptOutcome } from './adapters/action-attempt.js';
import type { UploadFile } from './adapters/page-actions.js';
import { EgressGuard } from './adapters/egress-guard.js';
import { IdempotencyLedger, type Claim } from './adapters/idempotency-ledger.js';
import { SecretVault } from './adapters/secret-vault.js';
import { SessionPages } from './adapters/session-pages.js';
import { ConflictError, SecretForbiddenToAgentError, SessionBusyError } from './errors.js';
import { SESSION_QUEUE } from './tokens.js';

type ExecuteRequest = CommandRequest<typeof executeAction>;

/**
 * The dispatcher: the path of one `action.execute.v1` request. Wait for the session's turn,
 * check policy and ownership (a run acts only on its own sessions, with its own secrets), claim
 * the idempotency key, run the pipeline on the page, record the outcome, remember the reply.
 */
@Injectable()
export class ActionExecutor {
  constructor(
    @Inject(SESSION_QUEUE) private readonly queue: KeyedSerialQueue,
    @Inject(IdempotencyLedger) private readonly ledger: IdempotencyLedger,
    @Inject(SessionPages) private readonly sessions: SessionPages,
    @Inject(ActionAttempt) private readonly attempt: ActionAttempt,
    @Inject(EgressGuard) private readonly egress: EgressGuard,
    @Inject(SecretVault) private readonly vault: SecretVault,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
    @Inject(EvidenceStore) private readonly evidence: EvidenceStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Queued synchronously, so actions on one session keep the order they arrived in. `agent`: the
   * request came on the agents' subject (from the gateway), so it acts on agent sessions only,
   * with no secret, under ledger keys and task ids of its own.
   */
  async execute(
    request: ExecuteRequest,
    options: { agent: boolean } = { agent: false },
  ): Promise<ActionReply> {
    try {
      return await this.queue.run(request.sessionId, () => this.executeInTurn({ ...request, ...options }));
    } catch (err) {
      if (err instanceof QueueFullError)
        throw new SessionBusyError(`session ${request.sessionId} is busy: ${err.message}`);
      throw err;
    }
  }

  private async executeInTurn(request: ExecuteRequest & { agent: boolean }): Promise<ActionReply> {
    const startedAt = performance.now();
    const { action } = request;
    this.sessions.assertOwner(request);
    if (request.agent && action.type === 'fill' && typeof action.value !== 'string')
      throw new SecretForbiddenToAgentError('an agent session cannot use secret handles');
    if (action.type === 'goto') await this.egress.assertAllowed(action.url);
    const secret =
      action.type === 'fill' && typeof action.value !== 'string'
        ? await this.vault.resolve({ runId: request.runId, handle: action.value.secretHandle })
        : undefined;
    const files = action.type === 'upload' ? await this.uploadFiles(action.files) : [];
    const fingerprint = requestFingerprint(request);
    const key = request.agent ? `agent:${request.idempotencyKey}` : request.idempotencyKey;
    const claim = await this.ledger.claim(ledgerKey(key), fingerprint);
    if (claim.kind === 'existing') return this.answerExisting(request, claim.stored, fingerprint);

    const outcome = await this.actOrRelease({ claim, request, secret, files });
    const summary = summarizeAction(action);
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `${request.agent ? 'agent-action' : 'action'}:${request.sessionId}:${action.type}`,
      status: outcome.status === 'done' ? 'success' : 'fail',
      confidence: outcome.status === 'done' ? 1 : 0,
      startedAt,
      evidence: { domSnapshot: outcome.after.dom, screenshot: outcome.after.screenshot },
      data: {
        sessionId: request.sessionId,
        traceId: request.traceId ?? null,
        // one record per executed key: an audit can tell a replayed reply from a second execution
        idempotencyKey: request.idempotencyKey,
        ...summary,
        url: outcome.url,
        status: outcome.status,
        outcome: outcome.outcome,
        failure: outcome.failure,
        detail: outcome.detail,
        matchedLocator: outcome.matchedLocator,
        retries: outcome.retries,
        urlChanged: outcome.urlChanged,
        dialogs: outcome.dialogs,
        messages: outcome.messages,
        before: outcome.before,
        timings: outcome.timings,
      },
    });
    const reply: ActionReply = {
      sessionId: request.sessionId,
      idempotencyKey: request.idempotencyKey,
      replayed: false,
      status: outcome.status,
      detail: outcome.detail,
      url: outcome.url,
      logRecordId,
      evidence: {
        before: outcome.before.dom,
        after: outcome.after.dom,
        beforeScreenshot: outcome.before.screenshot,
        afterScreenshot: outcome.after.screenshot,
      },
      outcome: outcome.outcome,
      failure: outcome.failure,
      matchedLocator: outcome.matchedLocator,
      retries: outcome.retries,
      urlChanged: outcome.urlChanged,
      dialogs: outcome.dialogs,
      messages: outcome.messages,
      timings: { ...outcome.timings, totalMs: performance.now() - startedAt },
    };
    await this.ledger.complete(claim, reply).catch((err: unknown) => {
      // the action ran and is recorded; the key stays 'pending', so a retry gets a conflict, never a second run
      this.logger.error(
        { err, sessionId: request.sessionId },
        'could not store the reply under its idempotency key',
      );
    });
    this.logger.debug(
      { sessionId: request.sessionId, ...summary, status: outcome.status, logRecordId },
      'action executed',
    );
    return reply;
  }

  /** Opens the session and acts; if the page could not even be reached, the key is given back. */
  private async actOrRelease(input: {
    claim: Extract<Claim, { kind: 'claimed' }>;
    request: ExecuteRequest & { agent: boolean };
    secret: ResolvedSecret | undefined;
    files: readonly UploadFile[];
  }): Promise<AttemptOutcome> {
    const { claim, request, secret, files } = input;
    const { action } = request;
    const fillValue =
      action.type === 'fill' ? (typeof action.value === 'string' ? action.value : secret?.value) : undefined;
    try {
      return await this.sessions.use(request, (session) =>
        this.attempt.run({
          session,
          action,
          fillValue,
          secret,
          files,
          timeoutMs: request.timeoutMs,
          expect: request.expect,
        }),
      );
    } catch (err) {
      await this.ledger.release(claim).catch((releaseErr: unknown) => {
        this.logger.warn({ err: releaseErr }, 'could not release an unused idempotency key');
      });
      throw err;
    }
  }

  /** Files for an upload, read from the evidence store before anything runs. */
  private async uploadFiles(
    files: readonly { name: string; file: { sha256: string; contentType: string } }[],
  ): Promise<UploadFile[]> {
    return Promise.all(
      files.map(async (f) => {
        try {
          return { name: f.name, mimeType: f.file.contentType, buffer: await this.evidence.get(f.file) };
        } catch (err) {
          if (err instanceof EvidenceNotFoundError)
            throw new NotFoundError(`no stored file ${f.file.sha256} to upload`, { cause: err });
          throw err;
        }
      }),
    );
  }

  private answerExisting(request: ExecuteRequest, stored: unknown, fingerprint: string): ActionReply {
    const decision = decideOnExisting(stored, fingerprint);
    if (decision.kind === 'conflict') throw new ConflictError(conflictMessage(decision.reason));
    this.logger.debug(
      { sessionId: request.sessionId, action: request.action.type },
      'replayed an idempotent action',
    );
    return decision.reply;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type {
  CommandReply,
  CommandRequest,
  closeSession,
  observeSession,
  openAgentSession,
} from '@forage/contracts';
import { EvidenceStore } from '@forage/evidence';
import { extractMainContent } from '@forage/main-content';
import { ToolRecorder } from '@forage/messaging';
import { QueueFullError, type KeyedSerialQueue } from './core/keyed-serial-queue.js';
import { PageSnapshots } from './adapters/page-snapshots.js';
import { SessionPages } from './adapters/session-pages.js';
import { SessionBusyError, SnapshotUnavailableError } from './errors.js';
import { SESSION_QUEUE } from './tokens.js';

type ObserveRequest = CommandRequest<typeof observeSession>;
type ObserveReply = CommandReply<typeof observeSession>;
type CloseRequest = CommandRequest<typeof closeSession>;
type CloseReply = CommandReply<typeof closeSession>;
type OpenRequest = CommandRequest<typeof openAgentSession>;
type OpenReply = CommandReply<typeof openAgentSession>;

/** The main text an observation carries at most (the contract's cap). */
const MAIN_TEXT_MAX = 200_000;

/**
 * Opening (from a browser profile), observing and closing a session without acting on it. Each
 * waits for the session's turn in the
 * same queue as actions, so an observation never sees a page half-way through an action. An
 * observation is recorded under the session's run like an action (its DOM and screenshot are
 * evidence, scrubbed of the secrets filled into the page).
 */
@Injectable()
export class SessionObserver {
  constructor(
    @Inject(SESSION_QUEUE) private readonly queue: KeyedSerialQueue,
    @Inject(SessionPages) private readonly sessions: SessionPages,
    @Inject(PageSnapshots) private readonly snapshots: PageSnapshots,
    @Inject(EvidenceStore) private readonly evidence: EvidenceStore,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
  ) {}

  observe(request: ObserveRequest): Promise<ObserveReply> {
    return this.inTurn(request.sessionId, () => this.observeInTurn(request));
  }

  /** These commands are the gateway's, for agent sessions only. */
  open(request: OpenRequest): Promise<OpenReply> {
    return this.inTurn(request.sessionId, async () => {
      const opened = await this.sessions.openWithProfile({ ...request, agent: true }, request.profile);
      return {
        sessionId: request.sessionId,
        profile: { name: request.profile.name, restored: opened.restored, origins: [...opened.origins] },
      };
    });
  }

  close(request: CloseRequest): Promise<CloseReply> {
    return this.inTurn(request.sessionId, async () => ({
      sessionId: request.sessionId,
      ...(await this.sessions.closeSession({ ...request, agent: true })),
    }));
  }

  private async observeInTurn(request: ObserveRequest): Promise<ObserveReply> {
    const startedAt = performance.now();
    const owner = { ...request, agent: true };
    this.sessions.assertOwner(owner);
    const seen = await this.sessions.use(owner, async (session) => {
      const captured = await this.snapshots.capture(session.page, [...session.secrets.values()]);
      return {
        captured,
        url: session.page.url(),
        title: await session.page.title().catch(() => ''),
      };
    });
    const dom = seen.captured.dom;
    if (!dom)
      throw new SnapshotUnavailableError(`the page of session ${request.sessionId} could not be read`);
    // the stored DOM is the redacted one: the text given back is what the evidence shows
    const html = (await this.evidence.get(dom)).toString('utf8');
    const main = extractMainContent(html, /^https?:/.test(seen.url) ? { url: seen.url } : {});
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `observe:${request.sessionId}`,
      status: 'success',
      confidence: 1,
      startedAt,
      evidence: { domSnapshot: dom, screenshot: seen.captured.screenshot },
      data: {
        sessionId: request.sessionId,
        traceId: request.traceId ?? null,
        url: seen.url,
        action: 'observe',
      },
    });
    return {
      sessionId: request.sessionId,
      url: seen.url,
      title: (seen.title || main.title).slice(0, 1_000),
      logRecordId,
      evidence: { domSnapshot: dom, screenshot: seen.captured.screenshot },
      mainText: main.text.slice(0, MAIN_TEXT_MAX),
      truncated: main.text.length > MAIN_TEXT_MAX,
    };
  }

  private async inTurn<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
    try {
      return await this.queue.run(sessionId, work);
    } catch (err) {
      if (err instanceof QueueFullError)
        throw new SessionBusyError(`session ${sessionId} is busy: ${err.message}`);
      throw err;
    }
  }
}

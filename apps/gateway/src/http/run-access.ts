import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { Bus } from '@forage/messaging';
import { RunBoard, type RunView } from '../core/run-board.js';
import { runIdPattern, viewFromHistory } from '../core/run-lookup.js';
import { RunHistory } from '../adapters/run-history.js';
import { VerdictSource } from '../adapters/verdict-source.js';
import { AgentSessions } from '../adapters/agent-sessions.js';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { callerOf } from './caller.js';
import { messageOf, notFound, unavailable } from './http-errors.js';

/** Finds a run for a request: only one the caller may see, from the board or else the history. */
@Injectable()
export class RunAccess {
  private readonly verdicts: VerdictSource;

  constructor(
    @Inject(Bus) bus: Bus,
    @Inject(RunBoard) private readonly board: RunBoard,
    @Inject(RunHistory) private readonly history: RunHistory,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(AgentSessions) private readonly sessions: AgentSessions,
  ) {
    this.verdicts = new VerdictSource(bus, config.VERDICT_PUBLIC_KEY);
  }

  /** The run as the board knows it, else from the history; 404 when the caller may not see it. */
  async find(id: string, req: IncomingMessage): Promise<RunView> {
    if (!runIdPattern.test(id)) throw notFound(`no run ${id}`);
    if (!(await this.historyCall(() => this.history.visible(callerOf(req), id))))
      throw notFound(`no run ${id}`);
    const view = this.board.get(id);
    if (view) return view;
    const detail = await this.historyCall(() => this.history.get(id));
    if (!detail) throw notFound(`no run ${id}`);
    const lookup = detail.completion ? await this.verdicts.lookup(detail.completion) : undefined;
    return viewFromHistory({ detail, ...(lookup ? { lookup } : {}) });
  }

  /**
   * Throws unless the caller may read the run's evidence: a run it may see, or the run of a
   * browser session it has open (its actions and observations are logged under that run).
   */
  async assertEvidenceVisible(runId: string, req: IncomingMessage): Promise<void> {
    if (this.sessions.ownsRun(callerOf(req).keyId, runId)) return;
    await this.find(runId, req);
  }

  private async historyCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw unavailable(`the runs history did not answer: ${messageOf(err)}`);
    }
  }
}

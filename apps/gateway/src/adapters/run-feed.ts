import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { runCompleted, runNeedsInput, runStart, runStep } from '@forage/contracts';
import { Bus, decodeJson, LOGGER, streams } from '@forage/messaging';
import { HandlerMetrics, type Logger } from '@forage/observability';
import { RunBoard, type RunCompletedEvent } from '../core/run-board.js';
import { gateCompletion } from '../core/verdict-gate.js';
import { VerdictSource } from './verdict-source.js';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/**
 * Feeds the RunBoard from the durable run streams with ordered consumers that start at the
 * beginning, so a restarted gateway (or a new replica) knows every run still in the streams.
 */
@Injectable()
export class RunFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly feeds: ConsumerMessages[] = [];
  private ready = false;
  /** Built here rather than provided, so the module's wiring stays as it is. */
  private readonly verdicts: VerdictSource;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunBoard) private readonly board: RunBoard,
    @Inject(HandlerMetrics) private readonly metrics: HandlerMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.verdicts = new VerdictSource(bus, config.VERDICT_PUBLIC_KEY);
  }

  async onApplicationBootstrap(): Promise<void> {
    const js = jetstream(this.bus.connection);
    for (const stream of [streams.runs.name, streams.runEvents.name]) {
      const consumer = await js.consumers.get(stream, { deliver_policy: DeliverPolicy.All });
      const messages = await consumer.consume();
      this.feeds.push(messages);
      void this.drain(messages);
    }
    this.ready = true;
  }

  health(): { ok: boolean; detail: string } {
    return { ok: this.ready, detail: `${this.board.size} runs known` };
  }

  async onApplicationShutdown(): Promise<void> {
    for (const feed of this.feeds) await feed.close();
  }

  private async drain(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) this.apply(msg);
  }

  /** A completion is shown only as far as the verdict recorded in the log confirms it. */
  private async gateThenApply(completion: RunCompletedEvent): Promise<void> {
    const lookup = await this.verdicts.lookup(completion);
    const gated = gateCompletion({ completion, lookup });
    if (gated.gate.status === 'refused' || gated.gate.status === 'partly_verified') {
      this.logger.warn(
        { runId: completion.runId, gate: gated.gate },
        'completion not confirmed by its verdict',
      );
    }
    this.board.apply({ type: 'completed', data: gated.completion, gate: gated.gate });
  }

  private apply(msg: JsMsg): void {
    const started = performance.now();
    let outcome: 'success' | 'invalid' = 'success';
    try {
      const body = decodeJson(msg.data);
      if (msg.subject === runStart.subject) {
        this.board.started(runStart.payload.parse(body));
      } else if (msg.subject === runStep.subject) {
        this.board.apply({ type: 'step', data: runStep.payload.parse(body) });
      } else if (msg.subject === runNeedsInput.subject) {
        this.board.apply({ type: 'needs_input', data: runNeedsInput.payload.parse(body) });
      } else if (msg.subject === runCompleted.subject) {
        void this.gateThenApply(runCompleted.payload.parse(body));
      }
    } catch (err) {
      outcome = 'invalid';
      this.logger.warn({ err, subject: msg.subject }, 'ignored an invalid run event');
    }
    this.metrics.observe(msg.subject, outcome, (performance.now() - started) / 1000);
  }
}

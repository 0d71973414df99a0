import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  runCompleted,
  runInput,
  runNeedsInput,
  runStart,
  runStep,
  type EventPayload,
} from '@forage/contracts';
import { Bus, decodeJson, natsConnectOptionsFromFile, type NatsPasswordFileAuth } from '@forage/messaging';

export type Completion = EventPayload<typeof runCompleted>;

/**
 * Starts runs the way the gateway does (a durable run.start.v1, here with the user's `urls`,
 * which the gateway's HTTP body does not carry yet) and waits for each run.completed.v1.
 */
export class RunClient {
  private readonly waiting = new Map<string, (c: Completion) => void>();
  /** Pages each run rendered (its succeeded extract steps). */
  private readonly pages = new Map<string, number>();
  /** Each run's finished steps, in words, for the trace of a failed task. */
  private readonly trace = new Map<string, string[]>();
  /** What the user answers for each waiting run (declines what is not there). */
  private readonly answers = new Map<string, Readonly<Record<string, string>>>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly bus: Bus,
  ) {
    nc.subscribe(runCompleted.subject, {
      callback: (err, msg) => {
        if (err) return;
        const parsed = runCompleted.payload.safeParse(decodeJson(msg.data));
        if (!parsed.success) return;
        this.waiting.get(parsed.data.runId)?.(parsed.data);
      },
    });
    nc.subscribe(runNeedsInput.subject, {
      callback: (err, msg) => {
        if (err) return;
        const parsed = runNeedsInput.payload.safeParse(decodeJson(msg.data));
        if (!parsed.success) return;
        const { runId, questions } = parsed.data;
        const given = this.answers.get(runId) ?? {};
        this.trace.get(runId)?.push(`needs_input ${questions.map((q) => q.key).join(', ')}`);
        void this.bus
          .request(runInput, {
            runId,
            answers: questions.flatMap((q) =>
              given[q.key] ? [{ key: q.key, value: given[q.key] ?? '' }] : [],
            ),
            remember: true,
          })
          .catch(() => undefined);
      },
    });
    nc.subscribe(runStep.subject, {
      callback: (err, msg) => {
        if (err) return;
        const parsed = runStep.payload.safeParse(decodeJson(msg.data));
        if (!parsed.success || parsed.data.status === 'started') return;
        const { runId, step, status, detail } = parsed.data;
        this.trace.get(runId)?.push(`${step} ${status} ${detail}`);
        if (step !== 'extract' || status !== 'succeeded') return;
        this.pages.set(parsed.data.runId, (this.pages.get(parsed.data.runId) ?? 0) + 1);
      },
    });
  }

  static async connect(natsUrl: string, auth?: NatsPasswordFileAuth): Promise<RunClient> {
    const nc = await connect({ servers: natsUrl, name: 'eval-sandbox', ...natsConnectOptionsFromFile(auth) });
    return new RunClient(nc, new Bus(nc, { timeoutMs: 60_000 }));
  }

  async ask(input: {
    question: string;
    urls?: readonly string[];
    answers?: Readonly<Record<string, string>>;
    timeoutMs: number;
  }): Promise<{ completion: Completion | undefined; pages: number; trace: string[] }> {
    const runId = randomUUID();
    const trace: string[] = [];
    this.trace.set(runId, trace);
    this.answers.set(runId, input.answers ?? {});
    const done = new Promise<Completion>((resolve) => this.waiting.set(runId, resolve));
    await this.bus.publishDurable(
      runStart,
      {
        runId,
        question: input.question,
        requestedAt: new Date().toISOString(),
        options: { maxPages: 3 },
        ...(input.urls ? { urls: [...input.urls] } : {}),
      },
      { msgId: runId },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        resolve(undefined);
      }, input.timeoutMs);
    });
    try {
      const completion = await Promise.race([done, timeout]);
      return { completion, pages: this.pages.get(runId) ?? 0, trace };
    } finally {
      clearTimeout(timer);
      this.waiting.delete(runId);
      this.pages.delete(runId);
      this.trace.delete(runId);
      this.answers.delete(runId);
    }
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}

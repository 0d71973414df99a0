import {
  stepResumesRun,
  type EventPayload,
  type runCompleted,
  type runNeedsInput,
  type runStart,
  type runStep,
  type RunState,
} from '@forage/contracts';
import type { VerdictGate } from './verdict-gate.js';

export type RunStartEvent = EventPayload<typeof runStart>;
export type RunStepEvent = EventPayload<typeof runStep>;
export type RunCompletedEvent = EventPayload<typeof runCompleted>;
export type RunNeedsInputEvent = EventPayload<typeof runNeedsInput>;

export type RunEvent =
  | { readonly type: 'step'; readonly data: RunStepEvent }
  | { readonly type: 'needs_input'; readonly data: RunNeedsInputEvent }
  | { readonly type: 'completed'; readonly data: RunCompletedEvent; readonly gate?: VerdictGate };

export interface RunView {
  readonly runId: string;
  question: string;
  requestedAt: string;
  status: RunState;
  steps: RunStepEvent[];
  /** The questions the run asked last (run.needs-input.v1); kept after it resumes. */
  needsInput: RunNeedsInputEvent | null;
  /** The completion as shown: an answer only as far as the recorded verdict confirms it. */
  result: RunCompletedEvent | null;
  /** How the gateway checked the completion against the recorded verdict; null before completion. */
  gate: VerdictGate | null;
  /** The thread the run belongs to (ask with this `threadId` to continue it); null when unknown. */
  threadId: string | null;
}

type Listener = (event: RunEvent) => void;

/**
 * What the gateway knows about runs, rebuilt from the durable event streams: the latest state of
 * each run and its event history, with listeners for live progress. Bounded: the oldest runs are
 * forgotten first.
 */
export class RunBoard {
  private readonly runs = new Map<string, RunView>();
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly maxRuns: number) {}

  get size(): number {
    return this.runs.size;
  }

  get(runId: string): RunView | undefined {
    return this.runs.get(runId);
  }

  started(event: RunStartEvent): void {
    const view = this.ensure(event.runId);
    view.question = event.question;
    view.requestedAt = event.requestedAt;
    view.threadId = event.threadId ?? event.runId;
  }

  apply(event: RunEvent): void {
    const view = this.ensure(event.data.runId);
    if (event.type === 'step') {
      if (view.steps.some((s) => s.seq === event.data.seq)) return;
      view.steps.push(event.data);
      view.steps.sort((a, b) => a.seq - b.seq);
      const resumed = view.needsInput !== null && stepResumesRun(event.data, view.needsInput.askedAt);
      if (view.status === 'queued' || (view.status === 'needs_input' && resumed)) view.status = 'running';
    } else if (event.type === 'needs_input') {
      if (view.status === 'completed' || view.needsInput?.askedAt === event.data.askedAt) return;
      view.needsInput = event.data;
      view.status = 'needs_input';
    } else {
      if (view.result) return;
      view.result = event.data;
      view.gate = event.gate ?? null;
      view.status = 'completed';
    }
    for (const listener of this.listeners.get(view.runId) ?? []) listener(event);
    if (event.type === 'completed') this.listeners.delete(view.runId);
  }

  /** Past events of the run, in order, then live ones; returns the unsubscribe function. */
  follow(runId: string, listener: Listener): () => void {
    const view = this.runs.get(runId);
    if (!view) return () => undefined;
    for (const step of view.steps) listener({ type: 'step', data: step });
    if (view.status === 'needs_input' && view.needsInput)
      listener({ type: 'needs_input', data: view.needsInput });
    if (view.result) {
      listener({ type: 'completed', data: view.result, ...(view.gate ? { gate: view.gate } : {}) });
      return () => undefined;
    }
    let set = this.listeners.get(runId);
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private ensure(runId: string): RunView {
    let view = this.runs.get(runId);
    if (!view) {
      view = {
        runId,
        question: '',
        requestedAt: '',
        status: 'queued',
        steps: [],
        needsInput: null,
        threadId: null,
        result: null,
        gate: null,
      };
      this.runs.set(runId, view);
      this.evict();
    }
    return view;
  }

  private evict(): void {
    while (this.runs.size > this.maxRuns) {
      const oldest = this.runs.keys().next().value;
      if (oldest === undefined) return;
      this.runs.delete(oldest);
      this.listeners.delete(oldest);
    }
  }
}

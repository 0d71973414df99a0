import { randomUUID } from 'node:crypto';
import type { RunEvent } from './run-board.js';
import { eventIdOf, isAfter } from './event-resume.js';

const runId = randomUUID();
const step = (seq: number): RunEvent => ({
  type: 'step',
  data: {
    runId,
    seq,
    step: 'search',
    status: 'succeeded',
    detail: '',
    at: new Date().toISOString(),
    durationMs: 1,
  },
});
const done: RunEvent = {
  type: 'completed',
  data: {
    runId,
    outcome: 'no_answer',
    answer: null,
    failures: [],
    completedAt: new Date().toISOString(),
    durationMs: 5,
  },
};

describe('SSE resume', () => {
  it('names steps by seq and skips those the client has seen', () => {
    const events = [step(0), step(1), step(2), done];
    expect(events.map(eventIdOf)).toEqual(['0', '1', '2', 'completed']);
    expect(events.filter((e) => isAfter(e, '1')).map(eventIdOf)).toEqual(['2', 'completed']);
  });

  it('sends everything without a usable Last-Event-ID', () => {
    expect([step(0), done].filter((e) => isAfter(e, undefined))).toHaveLength(2);
    expect([step(0), done].filter((e) => isAfter(e, 'garbage'))).toHaveLength(2);
  });
});

import { randomUUID } from 'node:crypto';
import { RunBoard, type RunEvent, type RunStepEvent } from './run-board.js';

const step = (runId: string, seq: number): RunStepEvent => ({
  runId,
  seq,
  step: 'search',
  status: 'succeeded',
  detail: '',
  at: new Date().toISOString(),
  durationMs: 1,
});
const completed = (runId: string): RunEvent => ({
  type: 'completed',
  data: {
    runId,
    outcome: 'no_answer',
    answer: null,
    failures: [],
    completedAt: new Date().toISOString(),
    durationMs: 5,
  },
});

describe('RunBoard', () => {
  it('replays past events to a late follower, then live ones, and ends with completion', () => {
    const board = new RunBoard(10);
    const runId = randomUUID();
    board.started({ runId, question: 'q', requestedAt: new Date().toISOString(), options: { maxPages: 1 } });
    board.apply({ type: 'step', data: step(runId, 0) });
    const seen: string[] = [];
    board.follow(runId, (e) => seen.push(e.type === 'step' ? `step ${e.data.seq}` : 'completed'));
    board.apply({ type: 'step', data: step(runId, 1) });
    board.apply(completed(runId));
    expect(seen).toEqual(['step 0', 'step 1', 'completed']);
    expect(board.get(runId)?.status).toBe('completed');
  });

  it('ignores a redelivered step or completion', () => {
    const board = new RunBoard(10);
    const runId = randomUUID();
    board.apply({ type: 'step', data: step(runId, 0) });
    board.apply({ type: 'step', data: step(runId, 0) });
    board.apply(completed(runId));
    board.apply(completed(runId));
    expect(board.get(runId)?.steps).toHaveLength(1);
  });

  it('forgets the oldest runs beyond its bound', () => {
    const board = new RunBoard(2);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) board.apply({ type: 'step', data: step(id, 0) });
    expect(board.size).toBe(2);
    expect(board.get(ids[0] ?? '')).toBeUndefined();
  });
});

import { SessionBoard, SessionLimitError } from './session-board.js';

const limits = { maxOpen: 3, maxPerOwner: 2, idleMs: 1_000 };
const open = (board: SessionBoard, id: string, owner: string | null, now = 0) =>
  board.open({ sessionId: id, runId: `run-${id}`, owner, now });

describe('SessionBoard', () => {
  it('finds a session only for the key that opened it', () => {
    const board = new SessionBoard(limits);
    open(board, 's1', 'key-a');
    expect(board.find({ sessionId: 's1', caller: 'key-a', now: 10 })?.runId).toBe('run-s1');
    expect(board.find({ sessionId: 's1', caller: 'key-b', now: 10 })).toBeUndefined();
    expect(board.ownsRun({ runId: 'run-s1', caller: 'key-b' })).toBe(false);
    expect(board.ownsRun({ runId: 'run-s1', caller: 'key-a' })).toBe(true);
  });

  it("keeps a closed or expired session's run its opener's (for its evidence), and only its", () => {
    const board = new SessionBoard(limits);
    open(board, 's1', 'key-a');
    open(board, 's2', 'key-b', 0);
    board.remove('s1');
    board.takeExpired(5_000);
    expect(board.size).toBe(0);
    expect(board.ownsRun({ runId: 'run-s1', caller: 'key-a' })).toBe(true);
    expect(board.ownsRun({ runId: 'run-s1', caller: 'key-b' })).toBe(false);
    expect(board.ownsRun({ runId: 'run-s2', caller: 'key-b' })).toBe(true);
    expect(board.ownsRun({ runId: 'run-never', caller: 'key-a' })).toBe(false);
    expect(board.find({ sessionId: 's1', caller: 'key-a', now: 5_000 })).toBeUndefined();
  });

  it('bounds the sessions of one key, then all keys together', () => {
    const board = new SessionBoard(limits);
    open(board, 's1', 'key-a');
    open(board, 's2', 'key-a');
    expect(() => open(board, 's3', 'key-a')).toThrow(SessionLimitError);
    open(board, 's3', 'key-b');
    expect(() => open(board, 's4', 'key-c')).toThrow(/all 3 sessions are open/);
    board.remove('s1');
    expect(open(board, 's4', 'key-a').sessionId).toBe('s4');
  });

  it('expires a session idle for the limit, and a use moves its expiry', () => {
    const board = new SessionBoard(limits);
    const s1 = open(board, 's1', null, 0);
    open(board, 's2', null, 0);
    board.touch(s1, { now: 900, url: 'http://x/' });
    expect(board.find({ sessionId: 's2', caller: null, now: 1_000 })).toBeUndefined();
    expect(board.takeExpired(1_000).map((e) => e.sessionId)).toEqual(['s2']);
    expect(board.expiresAt(s1)).toBe(1_900);
    expect(board.find({ sessionId: 's1', caller: 'anyone', now: 1_500 })?.url).toBe('http://x/');
    expect(board.takeExpired(1_900).map((e) => e.sessionId)).toEqual(['s1']);
    expect(board.size).toBe(0);
  });
});

describe('SessionBoard while a request is in flight', () => {
  it('never expires a session in use, and counts its idle time from the end of the last request', () => {
    const board = new SessionBoard(limits);
    const entry = open(board, 's1', 'key-a');
    board.hold(entry);
    expect(board.takeExpired(5_000)).toEqual([]);
    expect(board.find({ sessionId: 's1', caller: 'key-a', now: 5_000 })).toBe(entry);
    board.release(entry, 6_000);
    expect(board.takeExpired(6_500)).toEqual([]);
    expect(board.takeExpired(7_000)).toEqual([entry]);
  });

  it('gives up every session at shutdown, in use or not', () => {
    const board = new SessionBoard(limits);
    board.hold(open(board, 's1', 'key-a'));
    open(board, 's2', 'key-b');
    expect(board.takeAll().map((e) => e.sessionId)).toEqual(['s1', 's2']);
    expect(board.size).toBe(0);
  });
});

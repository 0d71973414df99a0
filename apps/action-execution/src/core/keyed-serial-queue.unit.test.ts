import { KeyedSerialQueue, QueueFullError } from './keyed-serial-queue.js';

/** A task whose completion the test controls, recording when it starts. */
function gate(log: string[], name: string): { task: () => Promise<string>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
    open: () => {
      open();
    },
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('KeyedSerialQueue', () => {
  it('runs tasks of one key one at a time, in the order they were queued', async () => {
    const queue = new KeyedSerialQueue({ maxActive: 4, maxPendingPerKey: 10 });
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const c = gate(log, 'c');
    const results = [queue.run('s', a.task), queue.run('s', b.task), queue.run('s', c.task)];
    await tick();
    expect(log).toEqual(['start a']);
    c.open();
    b.open();
    await tick();
    expect(log).toEqual(['start a']);
    a.open();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs different keys concurrently', async () => {
    const queue = new KeyedSerialQueue({ maxActive: 4, maxPendingPerKey: 10 });
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const done = [queue.run('s1', a.task), queue.run('s2', b.task)];
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    b.open();
    await done[1];
    expect(log).toContain('end b');
    expect(log).not.toContain('end a');
    a.open();
    await done[0];
  });

  it('never runs more than maxActive tasks at once, and lets waiting keys take turns', async () => {
    const queue = new KeyedSerialQueue({ maxActive: 1, maxPendingPerKey: 10 });
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    const all = [queue.run('a', a1.task), queue.run('a', a2.task), queue.run('b', b1.task)];
    await tick();
    expect(queue.running).toBe(1);
    a2.open();
    b1.open();
    a1.open();
    await Promise.all(all);
    // after a1, key b (waiting longer) goes before a's second task
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start a1', 'start b1', 'start a2']);
  });

  it('keeps going after a task fails, and hands the failure to that task caller only', async () => {
    const queue = new KeyedSerialQueue({ maxActive: 2, maxPendingPerKey: 10 });
    const failing = queue.run('s', () => Promise.reject(new Error('boom')));
    const next = queue.run('s', () => Promise.resolve('ok'));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
    expect(queue.pending('s')).toBe(0);
  });

  it('refuses a task when its key already has maxPendingPerKey tasks', async () => {
    const queue = new KeyedSerialQueue({ maxActive: 1, maxPendingPerKey: 2 });
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const first = [queue.run('s', a.task), queue.run('s', b.task)];
    await expect(queue.run('s', () => Promise.resolve('c'))).rejects.toBeInstanceOf(QueueFullError);
    const other = queue.run('other', () => Promise.resolve('d'));
    a.open();
    b.open();
    await Promise.all(first);
    await expect(other).resolves.toBe('d');
  });
});

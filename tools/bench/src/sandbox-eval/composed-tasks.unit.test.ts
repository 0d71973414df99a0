import { generateSandbox } from '@forage/sandbox';
import { readQuestion } from '@forage/question';
import { composedTasks } from './composed-tasks.js';

describe('composed eval tasks, generated from any world', () => {
  it.each([42, 7, 1234])('asks every composed kind at least three times on world %i', (seed) => {
    const tasks = composedTasks(generateSandbox({ seed }));
    for (const kind of ['nested', 'superlative', 'topk', 'count', 'constrained'])
      expect([kind, tasks.filter((t) => t.kind === kind).length >= 3]).toEqual([kind, true]);
    expect(tasks.filter((t) => t.kind === 'aggregate').length).toBeGreaterThanOrEqual(2);
  });

  it('asks questions the question model reads as the kind they are', () => {
    const shapes = {
      nested: 'nested',
      superlative: 'set',
      topk: 'set',
      count: 'set',
      aggregate: 'set',
      constrained: 'listing',
    };
    for (const task of composedTasks(generateSandbox({ seed: 7 })))
      expect([task.question, readQuestion(task.question).shape]).toEqual([
        task.question,
        shapes[task.kind as keyof typeof shapes],
      ]);
  });

  it('asks about other entities on another world', () => {
    const a = composedTasks(generateSandbox({ seed: 42 })).map((t) => t.question);
    const b = composedTasks(generateSandbox({ seed: 7 })).map((t) => t.question);
    expect(a.filter((q) => b.includes(q)).length).toBeLessThan(a.length / 2);
  });
});

import type { LogRecord } from '@forage/contracts';
import { aLogRecord } from '@forage/testing';
import { producerProblem } from './producer.js';

describe('producerProblem: only a tool service writes records, each under its own name', () => {
  it('accepts a record whose producer is the tool it speaks for', () => {
    expect(
      producerProblem(aLogRecord({ tool_name: 'verifier', producer: { tool: 'verifier', instance: 'v@1' } })),
    ).toBeUndefined();
  });

  it('refuses a record without a producer', () => {
    const record = withoutProducer(aLogRecord());
    expect(producerProblem(record)).toMatch(/no producer/);
  });

  it("refuses a record one tool writes in another tool's name", () => {
    const forged = aLogRecord({ tool_name: 'verifier', producer: { tool: 'processing', instance: 'p@1' } });
    expect(producerProblem(forged)).toMatch(/processing may not write a record for tool verifier/);
  });
});

function withoutProducer(record: LogRecord): LogRecord {
  const copy = { ...record };
  delete copy.producer;
  return copy;
}

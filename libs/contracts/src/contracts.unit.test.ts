import { z } from 'zod';
import { allContracts, commandContracts, eventContracts } from './registry.js';
import { errorReplySchema } from './errors.js';

/** JSON Schema of each contract; the snapshot makes any incompatible change visible in review. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

describe('contracts', () => {
  it('names every subject once, in <service>.<verb>.v<N> / <domain>.<entity>.v<N> form', () => {
    const subjects = allContracts.map((c) => c.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const s of subjects) expect(s).toMatch(/^[a-z][a-z-]*\.[a-z][a-z-]*\.v[1-9]\d*$/);
  });

  it('covers every subject of the architecture', () => {
    expect(commandContracts.map((c) => c.subject).sort()).toEqual(
      [
        'action.agent-execute.v1',
        'action.close.v1',
        'action.execute.v1',
        'action.observe.v1',
        'action.open.v1',
        'action.profile-delete.v1',
        'action.profile-list.v1',
        'dom.extract.v1',
        'dom.understand.v1',
        'log.audit.v1',
        'log.query.v1',
        'processing.aggregate.v1',
        'processing.answer.v1',
        'processing.listings.v1',
        'processing.normalize.v1',
        'run.input.v1',
        'runs.claim.v1',
        'runs.get.v1',
        'runs.list.v1',
        'search.query.v1',
        'verify.run.v1',
      ].sort(),
    );
    expect(eventContracts.map((c) => c.subject).sort()).toEqual(
      [
        'dlq.message.v1',
        'log.record.v1',
        'run.cancel.v1',
        'run.completed.v1',
        'run.needs-input.v1',
        'run.start.v1',
        'run.step.v1',
        'search.outcome.v1',
      ].sort(),
    );
  });

  it.each(commandContracts.map((c) => [c.subject, c] as const))(
    '%s request and reply JSON Schema',
    (_subject, c) => {
      expect({
        request: jsonSchemaOf(c.request, 'input'),
        reply: jsonSchemaOf(c.reply, 'output'),
      }).toMatchSnapshot();
    },
  );

  it.each(eventContracts.map((c) => [c.subject, c] as const))('%s payload JSON Schema', (_subject, c) => {
    expect(jsonSchemaOf(c.payload, 'input')).toMatchSnapshot();
  });

  it('error reply JSON Schema', () => {
    expect(jsonSchemaOf(errorReplySchema, 'output')).toMatchSnapshot();
  });
});

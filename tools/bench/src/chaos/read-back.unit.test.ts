import { subjectFilter } from './read-back.js';

describe('subjectFilter', () => {
  it('matches one token for * and the rest for >, like NATS', () => {
    const perTool = subjectFilter('log.record.v1.*');
    expect(perTool('log.record.v1.search')).toBe(true);
    expect(perTool('log.record.v1')).toBe(false);
    expect(perTool('log.record.v1.search.extra')).toBe(false);
    const exact = subjectFilter('run.completed.v1');
    expect(exact('run.completed.v1')).toBe(true);
    expect(exact('run.completed.v2')).toBe(false);
    const rest = subjectFilter('log.>');
    expect(rest('log.record.v1.search')).toBe(true);
    expect(rest('log')).toBe(false);
  });
});

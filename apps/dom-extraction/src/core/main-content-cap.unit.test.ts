import { mainContentSchema } from '@forage/contracts';
import { capMainContent, MAIN_CONTENT_LIMITS } from './main-content-cap.js';

describe('capMainContent', () => {
  it('passes content within the limits through, not truncated', () => {
    expect(capMainContent({ title: 'T', text: 'body', markdown: '# T\n\nbody' })).toEqual({
      title: 'T',
      text: 'body',
      markdown: '# T\n\nbody',
      truncated: false,
    });
  });

  it('cuts oversized content to the contract limits and says so', () => {
    const capped = capMainContent({
      title: 't'.repeat(2_000),
      text: 'a'.repeat(MAIN_CONTENT_LIMITS.text + 10),
      markdown: 'b'.repeat(10),
    });
    expect(capped.truncated).toBe(true);
    expect(capped.text).toHaveLength(MAIN_CONTENT_LIMITS.text);
    expect(mainContentSchema.safeParse(capped).success).toBe(true);
  });

  it('never splits a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(MAIN_CONTENT_LIMITS.text - 1)}😀tail`;
    const capped = capMainContent({ title: '', text, markdown: '' });
    expect(capped.text).toHaveLength(MAIN_CONTENT_LIMITS.text - 1);
    expect(capped.truncated).toBe(true);
  });
});

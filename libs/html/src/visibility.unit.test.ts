import { parseHtml } from './dom.js';
import { readTextBlocks } from './text-model.js';
import { visibleText } from './text.js';
import { hiddenReason, RENDERED_HIDDEN_ATTRIBUTE } from './visibility.js';
import { elementChildren } from './dom.js';

describe('text the render found invisible', () => {
  const html = `<html><body><p>Open daily.</p><p ${RENDERED_HIDDEN_ATTRIBUTE}="font-size">Closed on Mondays.</p>
  <table><tr><th>Day</th><th>Hours</th></tr><tr><td>Sunday</td><td>10-16</td></tr>
  <tr ${RENDERED_HIDDEN_ATTRIBUTE}="clipped"><td>Monday</td><td>9-17</td></tr></table></body></html>`;

  it('is not in the one text model (visible text, blocks, table rows)', () => {
    const text = visibleText(html);
    expect(text).toContain('Open daily.');
    expect(text).not.toContain('Closed on Mondays');
    const blocks = readTextBlocks(parseHtml(html)).map((b) => b.text);
    expect(blocks.join('\n')).toContain('Sunday');
    expect(blocks.join('\n')).not.toContain('Monday');
  });

  it('says why', () => {
    const body = elementChildren(elementChildren(parseHtml(html))[0]!).find((e) => e.name === 'body')!;
    const [shown, hidden] = elementChildren(body);
    expect(hiddenReason(shown!)).toBeUndefined();
    expect(hiddenReason(hidden!)).toBe('not visible on the rendered page (font-size)');
  });
});

import { visibleText } from '@forage/html';
import { composedHtml } from './composed-html.js';

describe('composedHtml', () => {
  it('returns a document without shadow roots or inlined frames unchanged', () => {
    const html = '<!DOCTYPE html><html><head></head><body><p>a &amp; b</p></body></html>';
    expect(composedHtml(html)).toBe(html);
  });

  it('turns declarative shadow roots into ordinary elements, so their text reads', () => {
    const html =
      '<html><body><x-card><template shadowrootmode="open"><p>Shadow price: $120</p><x-inner><template shadowrootmode="open"><b>deep</b></template></x-inner></template><span>light</span></x-card><template><p>inert</p></template></body></html>';
    const text = visibleText(composedHtml(html));
    expect(text).toContain('Shadow price: $120');
    expect(text).toContain('deep');
    expect(text).toContain('light');
    expect(text).not.toContain('inert');
  });

  it('replaces an inlined same-origin iframe by its body, and leaves other iframes alone', () => {
    const frame =
      '<html><head><title>f</title></head><body><p>Frame says &quot;hi&quot; &amp; more</p></body></html>';
    const srcdoc = frame
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
    const html = `<html><body><iframe src="/f" data-forage-frame="same-origin" srcdoc="${srcdoc}"></iframe><iframe src="https://other.test/"></iframe></body></html>`;
    const composed = composedHtml(html);
    expect(visibleText(composed)).toContain('Frame says "hi" & more');
    expect(composed).toContain('<div data-forage-frame="same-origin" data-src="/f">');
    expect(composed).toContain('<iframe src="https://other.test/">');
  });
});

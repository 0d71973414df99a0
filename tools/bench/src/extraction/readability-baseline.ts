import { installNode20Compat } from './node20-compat.js';

/**
 * Loads the published readability_js baseline: `new Readability(new JSDOM(html, { url:
 * 'https://fake-url.com' }).window.document).parse().textContent`. A throw (some jsdom versions
 * throw on odd CSS) or a null parse counts as an empty extraction, as SOURCE.md describes.
 * Loaded lazily, after the Node 20 stand-ins jsdom 31 needs are in place.
 */
export async function loadReadabilityBaseline(): Promise<(html: string) => string> {
  installNode20Compat();
  const { JSDOM, VirtualConsole } = await import('jsdom');
  const { Readability } = await import('@mozilla/readability');
  // jsdom reports CSS it cannot parse on its console; the benchmark does not care
  const quiet = new VirtualConsole();
  return (html) => {
    try {
      const dom = new JSDOM(html, { url: 'https://fake-url.com', virtualConsole: quiet });
      const text = new Readability(dom.window.document).parse()?.textContent ?? '';
      dom.window.close();
      return text;
    } catch {
      return '';
    }
  };
}

import { webClient } from '../crawl/adapters/web.js';
import { mapSite, type MapOptions } from '../crawl/map-site.js';

/**
 * `forage map <url>`: the site's URLs from its sitemaps and links, fetched as plain HTML (no
 * rendering), one per line, or with `--json` one document listing each URL, how it was found and
 * whether robots.txt allows it.
 */
export async function mapCommand(input: {
  options: MapOptions;
  allow: readonly string[];
  json: boolean;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const started = Date.now();
  const urls = await mapSite({
    options: input.options,
    web: webClient(input.allow),
    note: (line) => {
      input.warn(`forage map: ${line}`);
    },
  });
  if (input.json) {
    input.write(
      JSON.stringify({ root: input.options.root, count: urls.length, elapsedMs: Date.now() - started, urls }),
    );
    return 0;
  }
  for (const u of urls) input.write(u.allowed ? u.url : `${u.url}\t(disallowed by robots.txt)`);
  input.warn(`forage map: ${urls.length} URLs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

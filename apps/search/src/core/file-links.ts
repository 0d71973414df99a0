import { posix } from 'node:path';

/**
 * An indexed file is served as `/files/<id>`, not at its path, so a relative link between two
 * files of the same folder ("p07.html", "../about/team.html") would resolve to nothing. Links
 * whose target is another indexed file are rewritten to that file's `/files/<id>` URL (keeping
 * the fragment); every other link (absolute, external, not indexed) is left as written.
 */
export function linkIndexedFiles(input: {
  readonly html: string;
  /** The served file's absolute path. */
  readonly source: string;
  /** Indexed files by absolute path → id. */
  readonly idBySource: ReadonlyMap<string, string>;
}): string {
  const folder = posix.dirname(toPosix(input.source));
  return input.html.replace(
    /(<a\b[^>]*?\bhref\s*=\s*)(["'])([^"'<>]*)\2/giu,
    (whole, head: string, quote: string, href: string) => {
      const target = relativeTarget(href);
      if (!target) return whole;
      const id = input.idBySource.get(posix.resolve(folder, decodeOrKeep(target.path)));
      return id === undefined ? whole : `${head}${quote}/files/${id}${target.fragment}${quote}`;
    },
  );
}

/** The path and fragment of a link relative to the page; undefined for anything with a scheme, host or absolute path. */
function relativeTarget(href: string): { path: string; fragment: string } | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('/')) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/iu.test(trimmed)) return undefined;
  const hash = trimmed.indexOf('#');
  const withoutFragment = hash >= 0 ? trimmed.slice(0, hash) : trimmed;
  const path = withoutFragment.split('?')[0] ?? '';
  if (path === '') return undefined;
  return { path, fragment: hash >= 0 ? trimmed.slice(hash) : '' };
}

function toPosix(path: string): string {
  return path.replace(/\\/gu, '/');
}

function decodeOrKeep(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

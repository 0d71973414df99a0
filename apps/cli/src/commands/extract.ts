import { readFile } from 'node:fs/promises';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { extractMainContent } from '@forage/main-content';

const gunzipAsync = promisify(gunzip);

export type ExtractFormat = 'text' | 'markdown' | 'json';

export interface ExtractFilesInput {
  readonly files: readonly string[];
  /** the pages' URL, for resolving relative links in the Markdown */
  readonly url?: string;
  readonly format: ExtractFormat;
  readonly write: (line: string) => void;
  /** where problems with single files are reported (default: stderr) */
  readonly warn?: (line: string) => void;
  /** called once per file, read or not (progress) */
  readonly onPage?: () => void;
}

/** sysexits: a command-line usage error, and an input file that could not be read. */
const EX_USAGE = 64;
const EX_NOINPUT = 66;

export class UnreadablePageError extends Error {
  override readonly name = 'UnreadablePageError';
}

const CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i;

/** HTML bytes as text: gunzipped when gzip-compressed, decoded with the charset the page declares (UTF-8 otherwise). */
async function readHtml(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = await gunzipAsync(bytes);
  } catch (cause) {
    throw new UnreadablePageError(`${file}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
  const declared = CHARSET.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    // an unknown or unsupported label: read it as UTF-8, the web's default
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * `forage extract FILE… [--url URL] [--format text|markdown|json]`: the main content of saved
 * HTML pages (.html or .html.gz). JSON writes one line per file; text and Markdown write a
 * `==> file <==` header before each page. Unreadable files are reported and skipped; the exit
 * code says whether any were.
 */
export async function extractFiles(input: ExtractFilesInput): Promise<number> {
  const warn = input.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (input.files.length === 0) {
    warn(
      'forage extract needs at least one HTML file: forage extract page.html [--format text|markdown|json]',
    );
    return EX_USAGE;
  }
  let failed = 0;
  let written = 0;
  for (const file of input.files) {
    let html: string;
    try {
      html = await readHtml(file);
    } catch (err) {
      failed++;
      warn(`forage extract: cannot read ${err instanceof UnreadablePageError ? err.message : file}`);
      input.onPage?.();
      continue;
    }
    input.onPage?.();
    const page = extractMainContent(html, input.url === undefined ? {} : { url: input.url });
    if (input.format === 'json') {
      input.write(JSON.stringify({ file, title: page.title, text: page.text, markdown: page.markdown }));
    } else {
      if (written > 0) input.write('');
      input.write(`==> ${file} <==`);
      input.write(input.format === 'markdown' ? page.markdown : page.text);
    }
    written++;
  }
  return failed > 0 ? EX_NOINPUT : 0;
}

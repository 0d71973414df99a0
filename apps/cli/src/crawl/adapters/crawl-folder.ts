import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { crawledPageSchema, type CrawlJournal, type CrawledPage, type FoundUrl } from '@forage/crawl';

const foundSchema = z.object({
  url: z.string(),
  depth: z.number().int().nonnegative(),
  from: z.string().optional(),
});
const manifestSchema = z.object({
  version: z.literal(1),
  root: z.string(),
  startedAt: z.string(),
  /** The start page and its sitemaps are admitted once, on the first run. */
  seeded: z.boolean(),
});
type Manifest = z.infer<typeof manifestSchema>;

/** The output folder holds a crawl of another start page: resuming it would mix two crawls. */
export class CrawlFolderMismatchError extends Error {
  override readonly name = 'CrawlFolderMismatchError';
}

/**
 * A crawl's output folder, which is also its durable state: `pages.jsonl` (one line per finished
 * page, written after its Markdown file) and `.forage-crawl/` (the manifest and every admitted URL,
 * appended before it is visited). Rereading both is how an interrupted crawl resumes.
 */
export class CrawlFolder implements CrawlJournal {
  private constructor(
    readonly dir: string,
    private manifest: Manifest,
  ) {}

  static async open(input: {
    dir: string;
    root: string;
    now: Date;
  }): Promise<{ folder: CrawlFolder; found: FoundUrl[]; pages: CrawledPage[] }> {
    const { dir, root } = input;
    await mkdir(join(dir, '.forage-crawl'), { recursive: true });
    const manifestFile = join(dir, '.forage-crawl', 'crawl.json');
    let manifest: Manifest = { version: 1, root, startedAt: input.now.toISOString(), seeded: false };
    if (existsSync(manifestFile)) {
      manifest = manifestSchema.parse(JSON.parse(await readFile(manifestFile, 'utf8')));
      if (manifest.root !== root)
        throw new CrawlFolderMismatchError(
          `${dir} holds a crawl of ${manifest.root}; use another --out folder for ${root}`,
        );
    } else await writeFile(manifestFile, JSON.stringify(manifest));
    const found = await readLines(join(dir, '.forage-crawl', 'found.jsonl'), foundSchema);
    const pages = await readLines(join(dir, 'pages.jsonl'), crawledPageSchema);
    return { folder: new CrawlFolder(dir, manifest), found, pages };
  }

  get seeded(): boolean {
    return this.manifest.seeded;
  }

  async markSeeded(): Promise<void> {
    this.manifest = { ...this.manifest, seeded: true };
    await atomicWrite(join(this.dir, '.forage-crawl', 'crawl.json'), JSON.stringify(this.manifest));
  }

  async appendFound(found: readonly FoundUrl[]): Promise<void> {
    if (found.length === 0) return;
    await appendFile(
      join(this.dir, '.forage-crawl', 'found.jsonl'),
      found.map((f) => `${JSON.stringify(f)}\n`).join(''),
    );
  }

  /** The page's Markdown, replaced whole (never a half-written file). */
  async writeMarkdown(file: string, markdown: string): Promise<void> {
    const path = join(this.dir, file);
    await mkdir(dirname(path), { recursive: true });
    await atomicWrite(path, markdown);
  }

  /** A JSON file beside the pages (a page's schema extraction), replaced whole. */
  async writeJson(file: string, value: unknown): Promise<void> {
    const path = join(this.dir, file);
    await mkdir(dirname(path), { recursive: true });
    await atomicWrite(path, `${JSON.stringify(value, null, 2)}\n`);
  }

  async appendPage(page: CrawledPage): Promise<void> {
    await appendFile(join(this.dir, 'pages.jsonl'), `${JSON.stringify(page)}\n`);
  }

  async readMarkdown(file: string): Promise<string> {
    return readFile(join(this.dir, file), 'utf8');
  }
}

async function atomicWrite(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, path);
}

/** JSON lines that parse; a line cut short by a crash (the last one) is ignored. */
async function readLines<T>(path: string, schema: z.ZodType<T>): Promise<T[]> {
  if (!existsSync(path)) return [];
  const text = await readFile(path, 'utf8');
  // end a cut-off line, so the next record appended starts on a line of its own
  if (text.length > 0 && !text.endsWith('\n')) await appendFile(path, '\n');
  const rows: T[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) rows.push(parsed.data);
  }
  return rows;
}

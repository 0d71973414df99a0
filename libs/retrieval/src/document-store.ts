import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** One page of the user's own index: a file on disk or a fetched URL, as text. */
export const storedDocumentSchema = z.object({
  /** Stable id: sha256 of the source (absolute path or URL), hex, first 24 characters. */
  id: z.string().min(1).max(64),
  /** Where it came from: `file` (a path on this machine) or `url`. */
  kind: z.enum(['file', 'url']),
  /** Absolute path for files, the URL for pages. */
  source: z.string().min(1).max(4096),
  /** The collection it was indexed as part of (the folder, sitemap or list given to `forage index`). */
  collection: z.string().min(1).max(4096),
  title: z.string().max(1000),
  text: z.string(),
  contentType: z.enum(['html', 'markdown', 'text']),
  /** sha256 of the raw content: re-indexing skips unchanged documents. */
  sha256: z.string().length(64),
  indexedAt: z.string(),
});
export type StoredDocument = z.infer<typeof storedDocumentSchema>;

const storeFileSchema = z.object({ version: z.literal(1), documents: z.array(storedDocumentSchema) });

export class DocumentStoreError extends Error {
  override readonly name = 'DocumentStoreError';
}

/**
 * The persistent local index: one JSON file in the data directory, written atomically (temp file
 * then rename), read whole. The search service reloads it when its modification time changes.
 */
export class DocumentStore {
  readonly file: string;

  constructor(readonly dir: string) {
    this.file = join(dir, 'documents.json');
  }

  async load(): Promise<StoredDocument[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const parsed = storeFileSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new DocumentStoreError(
        `${this.file} is not a Forage index (${parsed.error.issues[0]?.message ?? ''})`,
      );
    return parsed.data.documents;
  }

  async save(documents: readonly StoredDocument[]): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify({ version: 1, documents }), 'utf8');
    await rename(temp, this.file);
  }

  /** Modification time of the store file (ms), 0 when it does not exist. */
  async version(): Promise<number> {
    try {
      return (await stat(this.file)).mtimeMs;
    } catch {
      return 0;
    }
  }
}

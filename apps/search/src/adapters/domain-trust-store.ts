import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { domainTrust, type TrustCounts } from '../core/domain-trust.js';
import type { SearchConfig } from '../config.js';
import { SEARCH_CONFIG } from '../tokens.js';

const fileSchema = z.object({
  version: z.literal(1),
  domains: z.record(
    z.string(),
    z.object({ useful: z.number().int().min(0), useless: z.number().int().min(0) }),
  ),
});

/**
 * Extraction outcomes per registrable domain, learned from search.outcome.v1 and kept in a JSON
 * file beside the user's index (SEARCH_INDEX_DIR) so trust survives restarts. Writes are batched:
 * at most one per second, and one on shutdown.
 */
@Injectable()
export class DomainTrustStore implements OnModuleInit, OnModuleDestroy {
  private counts = new Map<string, TrustCounts>();
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly file: string | undefined;

  constructor(
    @Inject(SEARCH_CONFIG) config: SearchConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.file = config.SEARCH_INDEX_DIR ? `${config.SEARCH_INDEX_DIR}/domain-trust.json` : undefined;
  }

  async onModuleInit(): Promise<void> {
    if (!this.file) return;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(this.file, 'utf8')));
      if (parsed.success) this.counts = new Map(Object.entries(parsed.data.domains));
      else this.logger.warn({ file: this.file }, 'domain trust file unreadable; starting afresh');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        this.logger.warn({ err }, 'domain trust file unreadable');
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.timer);
    await this.flush();
  }

  trustOf(domain: string): number {
    return domainTrust(this.counts.get(domain));
  }

  record(domain: string, outcome: 'useful' | 'useless'): void {
    const c = this.counts.get(domain) ?? { useful: 0, useless: 0 };
    this.counts.set(
      domain,
      outcome === 'useful' ? { ...c, useful: c.useful + 1 } : { ...c, useless: c.useless + 1 },
    );
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, 1_000);
  }

  async flush(): Promise<void> {
    if (!this.file || !this.dirty) return;
    this.dirty = false;
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(dirname(this.file), { recursive: true });
      await writeFile(temp, JSON.stringify({ version: 1, domains: Object.fromEntries(this.counts) }), 'utf8');
      await rename(temp, this.file);
    } catch (err) {
      this.dirty = true;
      this.logger.warn({ err }, 'domain trust could not be saved');
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Page } from 'playwright-core';
import type { EvidenceRef } from '@forage/contracts';
import { EvidenceStore } from '@forage/evidence';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { redactSecrets, type ResolvedSecret } from '../core/redact.js';

const CONTENT_TIMEOUT_MS = 5_000;
const ATTEMPTS = 3;

class SnapshotTimeoutError extends Error {
  override readonly name = 'SnapshotTimeoutError';
}

/**
 * Stores the page's live DOM as evidence, scrubbed of every secret filled into the page
 * (a page may echo a typed value into its DOM). A snapshot that cannot be taken is `null`:
 * evidence is best effort and never turns a performed action into an error.
 */
@Injectable()
export class PageSnapshots {
  constructor(
    @Inject(EvidenceStore) private readonly store: EvidenceStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async capture(page: Page, secrets: Iterable<ResolvedSecret>): Promise<EvidenceRef | null> {
    const html = await this.content(page);
    if (html === undefined) return null;
    try {
      const data = Buffer.from(redactSecrets(html, secrets), 'utf8');
      return await this.store.put({ kind: 'dom_snapshot', contentType: 'text/html; charset=utf-8', data });
    } catch (err) {
      this.logger.warn({ err }, 'could not store a DOM snapshot');
      return null;
    }
  }

  private async content(page: Page): Promise<string | undefined> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        return await withTimeout(page.content(), CONTENT_TIMEOUT_MS);
      } catch (err) {
        // "page is navigating": wait for the new document, then read it
        if (attempt === ATTEMPTS || page.isClosed()) {
          this.logger.warn(
            { err: err instanceof Error ? err.message.split('\n')[0] : String(err) },
            'could not read the DOM',
          );
          return undefined;
        }
        await page
          .waitForLoadState('domcontentloaded', { timeout: CONTENT_TIMEOUT_MS })
          .catch(() => undefined);
      }
    }
    return undefined;
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new SnapshotTimeoutError(`no DOM within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

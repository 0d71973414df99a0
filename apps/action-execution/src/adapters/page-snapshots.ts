import { Inject, Injectable } from '@nestjs/common';
import type { Page } from 'playwright-core';
import type { EvidenceRef } from '@forage/contracts';
import { EvidenceStore } from '@forage/evidence';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { heldForms, redactSecrets, type ResolvedSecret } from '../core/redact.js';

const CONTENT_TIMEOUT_MS = 5_000;
const SCREENSHOT_TIMEOUT_MS = 5_000;
const ATTEMPTS = 3;

class SnapshotTimeoutError extends Error {
  override readonly name = 'SnapshotTimeoutError';
}

/** The DOM and screenshot of a page at one moment, as stored evidence. */
export interface PageEvidence {
  readonly dom: EvidenceRef | null;
  readonly screenshot: EvidenceRef | null;
}

/**
 * Stores the page's live DOM and a viewport screenshot as evidence, both scrubbed of every
 * secret filled into the page: the DOM text is redacted, and in the screenshot every field or
 * element that shows a secret is painted over. Evidence that cannot be taken is `null`: it is
 * best effort and never turns a performed action into an error.
 */
@Injectable()
export class PageSnapshots {
  constructor(
    @Inject(EvidenceStore) private readonly store: EvidenceStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async capture(page: Page, secrets: readonly ResolvedSecret[]): Promise<PageEvidence> {
    const dom = await this.dom(page, secrets);
    const screenshot = await this.screenshot(page, secrets);
    return { dom, screenshot };
  }

  private async screenshot(page: Page, secrets: readonly ResolvedSecret[]): Promise<EvidenceRef | null> {
    try {
      const mask = (await elementsShowing(page, secrets)).map((xpath) => page.locator(`xpath=${xpath}`));
      const data = await page.screenshot({
        type: 'jpeg',
        quality: 70,
        timeout: SCREENSHOT_TIMEOUT_MS,
        animations: 'disabled',
        mask,
        maskColor: '#000000',
      });
      return await this.store.put({ kind: 'screenshot', contentType: 'image/jpeg', data });
    } catch (err) {
      this.logger.warn(
        { err: err instanceof Error ? err.message.split('\n')[0] : String(err) },
        'could not take a screenshot',
      );
      return null;
    }
  }

  private async dom(page: Page, secrets: readonly ResolvedSecret[]): Promise<EvidenceRef | null> {
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
        return await withTimeout(page.evaluate(serializeWithFormState), CONTENT_TIMEOUT_MS);
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

/**
 * The live document as HTML with what its fields hold now written into the markup (value,
 * checked, selected, a textarea's text), so the evidence of a fill, a check or a select shows
 * it, as the screenshot does. Serialised from a copy: the page itself is not touched. Password
 * fields are left as the page wrote them; secrets are redacted from the result afterwards.
 */
function serializeWithFormState(): string {
  const live = document.documentElement;
  const copy = live.cloneNode(true) as HTMLElement;
  const fields = 'input, textarea, select';
  const copies = copy.querySelectorAll(fields);
  live.querySelectorAll(fields).forEach((field, i) => {
    const twin = copies[i];
    if (!twin) return;
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') {
        if (field.checked) twin.setAttribute('checked', '');
        else twin.removeAttribute('checked');
      } else if (field.type !== 'password' && field.type !== 'file') twin.setAttribute('value', field.value);
    } else if (field instanceof HTMLTextAreaElement) twin.textContent = field.value;
    else if (field instanceof HTMLSelectElement) {
      const options = twin.querySelectorAll('option');
      Array.from(field.options).forEach((option, j) => {
        if (option.selected) options[j]?.setAttribute('selected', '');
        else options[j]?.removeAttribute('selected');
      });
    }
  });
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
  return doctype + copy.outerHTML;
}

/**
 * XPaths of the elements that show a secret: fields whose value holds one, and the innermost
 * elements whose text does. None when no secret was filled; unreadable pages are fully masked.
 */
async function elementsShowing(page: Page, secrets: readonly ResolvedSecret[]): Promise<string[]> {
  const needles = [...new Set(secrets.flatMap((s) => heldForms(s.value)))].filter((n) => n.length > 0);
  if (needles.length === 0) return [];
  try {
    return await withTimeout(
      page.evaluate((values: string[]) => {
        const holds = (text: string): boolean => values.some((v) => text.includes(v));
        const xpathOf = (el: Element): string => {
          const parts: string[] = [];
          for (let node: Element | null = el; node; node = node.parentElement) {
            let index = 1;
            for (let sib = node.previousElementSibling; sib; sib = sib.previousElementSibling)
              if (sib.tagName === node.tagName) index += 1;
            parts.unshift(`*[name()='${node.tagName.toLowerCase()}'][${index}]`);
          }
          return `/${parts.join('/')}`;
        };
        const found: Element[] = [];
        for (const field of document.querySelectorAll('input, textarea, select')) {
          if (holds((field as HTMLInputElement).value)) found.push(field);
        }
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement && holds(node.textContent ?? '')) found.push(node.parentElement);
        }
        return found.slice(0, 200).map(xpathOf);
      }, needles),
      CONTENT_TIMEOUT_MS,
    );
  } catch {
    return ['/html'];
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

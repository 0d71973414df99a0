import type { Locator, Page } from 'playwright-core';
import type { Notice } from '../core/notices.js';

const READ_TIMEOUT_MS = 2_000;

/**
 * What the page says about outcomes right now: text of live regions (role alert/status/log,
 * aria-live, <output>) as status, error messages of fields marked invalid (aria-errormessage,
 * aria-describedby of aria-invalid fields) as errors. With `validation`, the browser's own
 * validation messages of the element's form are read too (after a submit attempt that did not
 * leave the page).
 */
export async function readNotices(input: {
  page: Page;
  near: Locator | null;
  validation: boolean;
}): Promise<Notice[]> {
  const regions = await input.page
    .evaluate(() => {
      const out: { kind: 'error' | 'status'; text: string }[] = [];
      const live = document.querySelectorAll(
        '[role=alert],[role=status],[role=log],[aria-live]:not([aria-live=off]),output',
      );
      for (const el of live) {
        const text = (el as HTMLElement).innerText;
        if (text) out.push({ kind: 'status', text });
      }
      for (const field of document.querySelectorAll('[aria-invalid=true]')) {
        const ids = `${field.getAttribute('aria-errormessage') ?? ''} ${field.getAttribute('aria-describedby') ?? ''}`;
        for (const id of ids.split(/\s+/).filter(Boolean)) {
          const text = document.getElementById(id)?.innerText;
          if (text) out.push({ kind: 'error', text });
        }
      }
      return out;
    })
    .catch(() => []);
  const near = input.near && input.validation ? await validationMessages(input.near) : [];
  return [...regions, ...near];
}

async function validationMessages(near: Locator): Promise<Notice[]> {
  return near
    .evaluate(
      (el: Element) => {
        const out: { kind: 'error' | 'status'; text: string }[] = [];
        const form = (el as HTMLInputElement).form ?? el.closest('form');
        if (form) {
          for (const control of Array.from(form.elements) as HTMLInputElement[]) {
            if ('checkValidity' in control && !control.checkValidity() && control.validationMessage)
              out.push({ kind: 'error', text: control.validationMessage });
          }
        }
        return out;
      },
      undefined,
      { timeout: READ_TIMEOUT_MS },
    )
    .catch(() => []);
}

/** After an action that led to a new page: its main heading (else its title) as the confirmation. */
export async function landingConfirmation(page: Page): Promise<Notice[]> {
  const text = await page
    .evaluate(() => {
      const heading = document.querySelector<HTMLElement>('h1, [role=heading][aria-level="1"]');
      return heading?.innerText.trim() || document.title;
    })
    .catch(() => '');
  return text ? [{ kind: 'confirmation', text }] : [];
}

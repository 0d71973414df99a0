import type { Page, Response } from 'playwright-core';

/** How far a navigation got within its budget: its `load` event, or only its document's first bytes. */
export type NavigationReached = 'load' | 'document';

/**
 * Opens a URL and waits for its `load` event within the budget. A page whose load never comes (a
 * script or a stream that never ends, a slow third-party resource) but whose document arrived is
 * taken as it is when the budget runs out: read, not abandoned. A page that sent nothing, and
 * every other failure (a crash, a refused connection), fails as `page.goto` does.
 */
export async function navigateWithin(input: {
  page: Page;
  url: string;
  timeoutMs: number;
}): Promise<{ response: Response | null; reached: NavigationReached }> {
  const { page } = input;
  // the main document's response, as it arrives (goto gives it only once the page has loaded)
  const seen: { document: Response | null } = { document: null };
  const onResponse = (response: Response): void => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.document = response;
  };
  page.on('response', onResponse);
  try {
    const response = await page.goto(input.url, { waitUntil: 'load', timeout: input.timeoutMs });
    return { response, reached: 'load' };
  } catch (err) {
    if (page.isClosed() || !isTimeout(err) || seen.document === null) throw err;
    return { response: seen.document, reached: 'document' };
  } finally {
    page.off('response', onResponse);
  }
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && err.name === 'TimeoutError';
}

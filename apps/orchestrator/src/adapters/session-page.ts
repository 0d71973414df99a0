/**
 * The page the run's browser session (action-execution) is on, as its last action reply said. A
 * session that has no page yet, or is on another one, is navigated; one already on the page is
 * acted on as it is.
 */
export class SessionPage {
  private current: string | undefined;

  isOn(url: string): boolean {
    return this.current !== undefined && samePage(this.current, url);
  }

  /** After an action: the page the session is on now (a failed navigation leaves it unknown). */
  moved(reply: { readonly url: string; readonly status: string }, action: { readonly type: string }): void {
    if (action.type === 'goto' && reply.status !== 'done') this.current = undefined;
    else this.current = /^https?:\/\//i.test(reply.url) ? reply.url : undefined;
  }
}

function samePage(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    x.hash = '';
    y.hash = '';
    const trim = (p: string): string => (p.length > 1 ? p.replace(/\/$/, '') : p);
    return x.origin === y.origin && trim(x.pathname) === trim(y.pathname) && x.search === y.search;
  } catch {
    return false;
  }
}

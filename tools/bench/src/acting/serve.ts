import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KINDS, type TaskInstance } from './kinds.js';
import { Rng } from './random.js';

/** The task pages on loopback: /task/<kind>/<seed>[/<page>]?e=<episode>, and the rewards they report. */
export interface TaskSite {
  readonly origin: string;
  /** The instance of `kind` for `seed` (its instruction and pages). */
  instance(kind: string, seed: number): TaskInstance;
  urlOf(kind: string, seed: number, episode: string): string;
  /** The last reward the page reported for the episode (0 when it reported none). */
  rewardOf(episode: string): number;
  close(): Promise<void>;
}

const frame = (
  base: string,
  body: string,
  episode: string,
): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Task</title></head>
<body><script>const EPISODE=${JSON.stringify(episode)};function report(r){fetch('/reward?e='+encodeURIComponent(EPISODE)+'&r='+r);}</script>
<main>${body.replaceAll('__E__', episode).replaceAll('__BASE__', base)}</main></body></html>`;

export async function serveTasks(): Promise<TaskSite> {
  const rewards = new Map<string, number>();
  const instances = new Map<string, TaskInstance>();
  const instance = (kind: string, seed: number): TaskInstance => {
    const key = `${kind}/${String(seed)}`;
    let made = instances.get(key);
    if (!made) {
      const k = KINDS.find((x) => x.name === kind);
      if (!k) throw new Error(`no task kind ${kind}`);
      made = k.make(
        new Rng(
          seed * 7919 +
            Array.from(kind, (c) => c.charCodeAt(0)).reduce((h, c) => (h * 31 + c) % 1_000_003, 0),
        ),
      );
      instances.set(key, made);
    }
    return made;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const episode = url.searchParams.get('e') ?? '';
    if (url.pathname === '/reward') {
      rewards.set(episode, Number(url.searchParams.get('r') ?? 0));
      res.writeHead(204).end();
      return;
    }
    const m = /^\/task\/([a-z0-9-]+)\/(\d+)(?:\/([a-z0-9]+))?$/.exec(url.pathname);
    const made = m?.[1] && m[2] ? instance(m[1], Number(m[2])) : undefined;
    const body = made ? (m?.[3] ? made.pages?.[m[3]] : made.body) : undefined;
    if (!made || body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    const base = `/task/${m?.[1] ?? ''}/${m?.[2] ?? ''}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(frame(base, body, episode));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    origin,
    instance,
    urlOf: (kind, seed, episode) => `${origin}/task/${kind}/${String(seed)}?e=${encodeURIComponent(episode)}`,
    rewardOf: (episode) => rewards.get(episode) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake endpoint: a completion's message content, or an API error. */
export type FakeChatReply =
  | { readonly kind: 'completion'; readonly content: string }
  | { readonly kind: 'error'; readonly status: number };

/**
 * A local OpenAI-compatible Chat Completions endpoint on 127.0.0.1 replaying the real wire format
 * (`chat.completion` objects, `{ error: { message, type, param, code } }` bodies).
 */
export class FakeOpenAi {
  readonly requests: { model: string; messages: { role: string; content: string }[] }[] = [];
  private queue: FakeChatReply[] = [];
  private server: Server | undefined;
  baseURL = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        this.requests.push(JSON.parse(body) as FakeOpenAi['requests'][number]);
        const reply = this.queue.shift() ?? { kind: 'error', status: 500 };
        if (reply.kind === 'error') {
          res.writeHead(reply.status, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              error: { message: 'The server had an error', type: 'server_error', param: null, code: null },
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${this.requests.length}`,
            object: 'chat.completion',
            created: 1_700_000_000,
            model: 'fake-model',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.content, refusal: null },
                logprobs: null,
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
          }),
        );
      })();
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseURL = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  script(...replies: FakeChatReply[]): void {
    this.queue = [...replies];
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

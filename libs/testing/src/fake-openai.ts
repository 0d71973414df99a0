import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply of the fake endpoint. */
export type FakeReply =
  | {
      readonly kind: 'completion';
      readonly content: string | null;
      /** Reasoning as vLLM/DeepSeek (`reasoning_content`) or Ollama/LM Studio (`reasoning`) send it beside the answer. */
      readonly reasoning?: { readonly field: 'reasoning_content' | 'reasoning'; readonly text: string };
      readonly finishReason?: 'stop' | 'length';
    }
  /** The answer given as a function call (`tool_calls`, `content` null), as models that prefer tools reply. */
  | { readonly kind: 'tool_call'; readonly name: string; readonly arguments: string }
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly type: string;
      readonly code: string | null;
      readonly message: string;
    }
  | { readonly kind: 'hang'; readonly ms: number }
  /** A refusal as the API sends it: `message.refusal` set, `content` null. */
  | { readonly kind: 'refusal'; readonly refusal: string };

export interface ChatRequestBody {
  readonly model: string;
  readonly messages: readonly { readonly role: string; readonly content: string }[];
  readonly response_format?: { readonly type: string; readonly json_schema?: { readonly schema?: unknown } };
}

export interface FakeOpenAi {
  /** Base URL to configure as LLM_BASE_URL (ends in /v1). */
  readonly baseURL: string;
  /** Every chat completion request received, in order. */
  readonly requests: ChatRequestBody[];
  /** Queues the replies for the next requests (the last one repeats when the queue runs dry). */
  script(...replies: FakeReply[]): void;
  /**
   * Makes the server reject requests whose `response_format.type` is one of these with HTTP 400
   * and this message, as servers without that decoding mode do; none by default.
   */
  rejectResponseFormats(types: readonly string[], message?: string): void;
  stop(): Promise<void>;
}

/**
 * A local OpenAI-compatible Chat Completions endpoint on 127.0.0.1 that replays the real wire
 * formats: `chat.completion` objects and `{ error: { message, type, param, code } }` bodies.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ChatRequestBody[] = [];
  let queue: FakeReply[] = [];
  let last: FakeReply = { kind: 'completion', content: '{"abstain": true, "reason": "not scripted"}' };
  let rejected: { types: readonly string[]; message: string } = { types: [], message: '' };
  const server: Server = createServer((req, res) => {
    // one request per connection, as a fresh client would: a kept-alive socket the server closes
    // while the client reuses it showed as a "Connection error" on a loaded machine
    res.setHeader('connection', 'close');
    void (async () => {
      const body = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody('Not found', 'invalid_request_error', null)));
        return;
      }
      const request = JSON.parse(body) as ChatRequestBody;
      requests.push(request);
      const format = request.response_format?.type;
      if (format && rejected.types.includes(format)) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(errorBody(rejected.message, 'invalid_request_error', null)));
        return;
      }
      const reply = queue.shift() ?? last;
      last = reply;
      if (reply.kind === 'hang') {
        // answers late (a gateway timeout), or never when the client gives up first
        const timer = setTimeout(() => res.writeHead(504).end(), reply.ms);
        res.on('close', () => {
          clearTimeout(timer);
        });
        return;
      }
      if (reply.kind === 'error') {
        res.writeHead(reply.status, {
          'content-type': 'application/json',
          'x-request-id': `req_${requests.length}`,
        });
        res.end(JSON.stringify(errorBody(reply.message, reply.type, reply.code)));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_${requests.length}` });
      const payload =
        reply.kind === 'refusal'
          ? completion({ content: null, refusal: reply.refusal }, requests.length)
          : reply.kind === 'tool_call'
            ? completion(
                {
                  content: null,
                  tool_calls: [
                    {
                      id: `call_${requests.length}`,
                      type: 'function',
                      function: { name: reply.name, arguments: reply.arguments },
                    },
                  ],
                },
                requests.length,
                'tool_calls',
              )
            : completion(
                {
                  content: reply.content,
                  ...(reply.reasoning ? { [reply.reasoning.field]: reply.reasoning.text } : {}),
                },
                requests.length,
                reply.finishReason,
              );
      res.end(JSON.stringify(payload));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script(...replies) {
      queue = [...replies];
    },
    rejectResponseFormats(types, message) {
      rejected = {
        types,
        message: message ?? `response_format type ${types.join(' / ')} is not supported by this server`,
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function completion(
  message: Record<string, unknown>,
  n: number,
  finishReason: 'stop' | 'length' | 'tool_calls' = 'stop',
): unknown {
  return {
    id: `chatcmpl-fake${n}`,
    object: 'chat.completion',
    created: 1_732_350_000,
    model: 'fake-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', refusal: null, ...message },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: { prompt_tokens: 812, completion_tokens: 41, total_tokens: 853 },
    system_fingerprint: 'fp_fake',
  };
}

function errorBody(message: string, type: string, code: string | null): unknown {
  return { error: { message, type, param: null, code } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export const RATE_LIMITED: FakeReply = {
  kind: 'error',
  status: 429,
  type: 'requests',
  code: 'rate_limit_exceeded',
  message:
    'Rate limit reached for fake-model in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1.',
};

export const SERVER_ERROR: FakeReply = {
  kind: 'error',
  status: 500,
  type: 'server_error',
  code: null,
  message: 'The server had an error while processing your request. Sorry about that!',
};

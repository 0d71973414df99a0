import {
  actBodySchema,
  observeQuerySchema,
  openSessionBodySchema,
  type ActResponse,
} from '@forage/contracts';
import {
  actText,
  closedText,
  ForageToolError,
  GatewayHttpPort,
  observationText,
  sessionText,
} from '@forage/mcp';
import { EX_DATAERR, EX_NOPERM, EX_UNAVAILABLE, EX_USAGE } from './exit-codes.js';

/** An action of the list ran and failed (or was refused): the page did not do what was asked. */
export const EX_ACTION_FAILED = 3;

const USAGE =
  "forage session open [URL] [--profile NAME] | observe <id> [--offset N --limit N --text-offset N --text-limit N] | act <id> '<command JSON or list>' | close <id>";

export interface SessionCommandInput {
  readonly gatewayUrl: string;
  readonly apiKey?: string | undefined;
  readonly positionals: readonly string[];
  /** Paging of `observe`, as given on the command line. */
  readonly paging: { offset?: string; limit?: string; textOffset?: string; textLimit?: string };
  /** `open --profile NAME`: start from (and save back to) this browser profile. */
  readonly profile?: string | undefined;
  readonly json: boolean;
  readonly write: (line: string) => void;
  readonly warn: (line: string) => void;
}

/**
 * `forage session …`: drive a browser session of the running stack through the gateway's
 * `/v1/sessions` (the same API key must be used for every call: FORAGE_API_KEY). Each step of
 * `act` is printed with its outcome and evidence ids; the exit code is EX_ACTION_FAILED when one
 * failed.
 */
export async function sessionCommand(input: SessionCommandInput): Promise<number> {
  const [verb, id, ...rest] = input.positionals;
  const port = new GatewayHttpPort({
    gatewayUrl: input.gatewayUrl,
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
  });
  const print = (value: object, text: string): void => {
    input.write(input.json ? JSON.stringify(value) : text);
  };
  try {
    switch (verb) {
      case 'open': {
        const body = openSessionBodySchema.safeParse({
          ...(id === undefined ? {} : { url: id }),
          ...(input.profile === undefined ? {} : { profile: input.profile }),
        });
        if (!body.success || rest.length > 0)
          return usage(
            input,
            `open takes at most one http(s) URL and --profile NAME: ${body.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') ?? 'too many arguments'}`,
          );
        const session = await port.openSession(body.data);
        print(session, sessionText(session));
        return 0;
      }
      case 'observe': {
        if (id === undefined || rest.length > 0) return usage(input, 'observe takes a session id');
        const query = observeQuerySchema.strict().safeParse(input.paging);
        if (!query.success) return usage(input, query.error.issues.map((i) => i.message).join('; '));
        const seen = await port.observe({ sessionId: id, ...query.data });
        print(seen, observationText(seen));
        return 0;
      }
      case 'act': {
        const [commands] = rest;
        if (id === undefined || commands === undefined || rest.length > 1)
          return usage(input, 'act takes a session id and one JSON argument (a command or a list)');
        const body = actBodyOf(commands);
        if (typeof body === 'string') return usage(input, body);
        const done = await port.act({ sessionId: id, ...body });
        print(done, actText(done));
        return anyFailed(done) ? EX_ACTION_FAILED : 0;
      }
      case 'close': {
        if (id === undefined || rest.length > 0) return usage(input, 'close takes a session id');
        const closed = await port.closeSession({ sessionId: id });
        print(closed, closedText(closed));
        return 0;
      }
      default:
        return usage(input, verb === undefined ? 'a subcommand is needed' : `unknown subcommand "${verb}"`);
    }
  } catch (err) {
    if (!(err instanceof ForageToolError)) throw err;
    input.warn(`forage session ${verb ?? ''}: ${err.code}: ${err.message}`);
    return exitCodeOf(err.code);
  }
}

/** The act body from one JSON argument: an object is one command, an array a list. */
function actBodyOf(text: string): ReturnType<typeof actBodySchema.parse> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the commands are not JSON';
  }
  const body = actBodySchema.safeParse(Array.isArray(value) ? { actions: value } : { action: value });
  if (!body.success)
    return `the commands do not match pageActionSchema: ${body.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('; ')}`;
  return body.data;
}

function anyFailed(done: ActResponse): boolean {
  return done.skipped > 0 || done.results.some((r) => 'error' in r || r.status === 'failed');
}

export function exitCodeOf(code: string): number {
  switch (code) {
    case 'invalid_request':
      return EX_USAGE;
    case 'not_found':
      return EX_DATAERR;
    case 'egress_denied':
    case 'blocked':
      return EX_NOPERM;
    default:
      return EX_UNAVAILABLE;
  }
}

function usage(input: SessionCommandInput, problem: string): number {
  input.warn(`forage session: ${problem}\nUsage: ${USAGE}`);
  return EX_USAGE;
}

import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { deadLetterEvent, type EventPayload } from '@forage/contracts';
import { streams } from '@forage/messaging';
import { withStack } from '../stack/connect.js';
import type { RemoteStack } from '../stack/connect.js';
import { EX_DATAERR, EX_USAGE } from './exit-codes.js';

type DeadLetter = EventPayload<typeof deadLetterEvent>;

/** A dead letter as listed: its id is its sequence number in the dead-letter stream. */
export interface ListedLetter {
  readonly id: number;
  readonly letter: DeadLetter;
}

/** The dead letter's copy of the body is cut here: a letter this long may not be the whole message. */
const BODY_LIMIT = 65_536;

/** Every dead letter still in the stream, oldest first. */
export async function listDeadLetters(nc: NatsConnection): Promise<ListedLetter[]> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(streams.deadLetters.name);
  const out: ListedLetter[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const letter = await readLetter(jsm, seq);
    if (letter) out.push({ id: seq, letter });
  }
  return out;
}

/**
 * Publishes a dead letter's message again on its original subject (durably, so its consumer
 * handles it afresh), then removes the letter so it is replayed once. A letter whose body was
 * cut, or that no longer exists, is refused.
 */
export async function replayDeadLetter(nc: NatsConnection, id: number): Promise<DeadLetter> {
  const jsm = await jetstreamManager(nc);
  const letter = await readLetter(jsm, id);
  if (!letter) throw new DeadLetterError(`no dead letter ${String(id)}`);
  if (letter.body.length >= BODY_LIMIT)
    throw new DeadLetterError(
      `dead letter ${String(id)} holds only the first ${String(BODY_LIMIT)} characters`,
    );
  await jetstream(nc).publish(letter.subject, new TextEncoder().encode(letter.body), {
    msgID: `replay:${String(id)}`,
  });
  await jsm.streams.deleteMessage(streams.deadLetters.name, id);
  return letter;
}

export class DeadLetterError extends Error {
  override readonly name = 'DeadLetterError';
}

async function readLetter(jsm: JetStreamManager, seq: number): Promise<DeadLetter | undefined> {
  const stored = await jsm.streams.getMessage(streams.deadLetters.name, { seq }).catch(() => null);
  if (!stored) return undefined;
  const parsed = deadLetterEvent.payload.safeParse(stored.json());
  return parsed.success ? parsed.data : undefined;
}

/** One line per letter: id, when, where it came from, why. */
export function letterLine({ id, letter }: ListedLetter): string {
  return `${String(id)}  ${letter.at}  ${letter.subject} (${letter.stream}/${letter.consumer}, ${String(letter.deliveries)} deliveries)  ${letter.reason.slice(0, 200)}`;
}

/** `forage dlq list [--json]` and `forage dlq replay <id>` against the running stack. */
export async function dlqCommand(input: {
  positionals: readonly string[];
  dataDir: string;
  /** A deployed stack (`--nats URL --creds FILE`) instead of the one running in dataDir. */
  remote?: RemoteStack | undefined;
  json: boolean;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const [action, idText] = input.positionals;
  const id = Number(idText);
  if (!(action === 'list' || (action === 'replay' && Number.isSafeInteger(id) && id > 0))) {
    input.warn('usage: forage dlq list [--json] | forage dlq replay <id>');
    return EX_USAGE;
  }
  return withStack(
    { dataDir: input.dataDir, command: 'dlq', warn: input.warn, remote: input.remote },
    async (nc) => {
      if (action === 'list') {
        const letters = await listDeadLetters(nc);
        if (input.json) input.write(JSON.stringify(letters));
        else if (letters.length === 0) input.write('no dead letters');
        else for (const l of letters) input.write(letterLine(l));
        return 0;
      }
      try {
        const letter = await replayDeadLetter(nc, id);
        input.write(`replayed dead letter ${String(id)} on ${letter.subject}`);
        return 0;
      } catch (err) {
        if (!(err instanceof DeadLetterError)) throw err;
        input.warn(`forage dlq: ${err.message}`);
        return EX_DATAERR;
      }
    },
  );
}

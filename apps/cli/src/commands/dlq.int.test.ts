import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { deadLetterEvent, logRecordEvent, producerSubjectOf, type EventPayload } from '@forage/contracts';
import { encodeJson, ensureAllStreams, streams, type RunningNatsServer } from '@forage/messaging';
import { aLogRecord, startTestNats } from '@forage/testing';
import { DeadLetterError, letterLine, listDeadLetters, replayDeadLetter } from './dlq.js';

/** `forage dlq list | replay` over a real nats-server with Forage's streams. */
describe('dead letters: list and replay', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    await ensureAllStreams(nc);
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  /** What the durable consumer writes when it gives up on a message. */
  const deadLetter = async (body: string, reason: string): Promise<void> => {
    const letter: EventPayload<typeof deadLetterEvent> = {
      stream: streams.logs.name,
      consumer: 'logging',
      subject: producerSubjectOf(logRecordEvent, 'search'),
      deliveries: 5,
      reason,
      body,
      at: new Date().toISOString(),
    };
    await jetstream(nc).publish(deadLetterEvent.subject, encodeJson(letter), { msgID: randomUUID() });
  };

  it('lists dead letters with their ids, and replays one once onto its original subject', async () => {
    const record = aLogRecord();
    await deadLetter(JSON.stringify(record), 'LogStoreUnavailableError: out of deliveries after 5');
    await deadLetter('{"not":"a record"}', 'InvalidRequestError: does not match its contract');

    const letters = await listDeadLetters(nc);
    expect(letters.map((l) => l.letter.reason)).toEqual([
      'LogStoreUnavailableError: out of deliveries after 5',
      'InvalidRequestError: does not match its contract',
    ]);
    const [first] = letters;
    if (!first) throw new Error('no letter');
    expect(letterLine(first)).toMatch(
      new RegExp(
        `^${String(first.id)}  .* log\\.record\\.v1\\.search \\(FORAGE_LOGS/logging, 5 deliveries\\)  LogStoreUnavailableError`,
      ),
    );

    const jsm = await jetstreamManager(nc);
    const before = (await jsm.streams.info(streams.logs.name)).state.last_seq;
    await replayDeadLetter(nc, first.id);
    const replayed = await jsm.streams.getMessage(streams.logs.name, { seq: before + 1 });
    expect(replayed?.subject).toBe(producerSubjectOf(logRecordEvent, 'search'));
    expect(replayed?.json()).toEqual(record);
    expect((await listDeadLetters(nc)).map((l) => l.id)).not.toContain(first.id);
    await expect(replayDeadLetter(nc, first.id)).rejects.toBeInstanceOf(DeadLetterError);
  });
});

import { parseBlock, readServerSentEvents } from './sse.js';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

describe('server-sent events', () => {
  it.each([
    ['event: step\ndata: {"a":1}', { event: 'step', data: '{"a":1}' }],
    ['data: one\ndata: two', { event: 'message', data: 'one\ntwo' }],
    ['id: 7\nevent: completed\ndata:{}', { event: 'completed', data: '{}', id: '7' }],
    [': keep-alive', undefined],
    ['event: step', undefined],
  ])('parses %j', (block, expected) => {
    expect(parseBlock(block)).toEqual(expected);
  });

  it('reads events split anywhere across chunks, with CRLF line ends, skipping comments', async () => {
    const events = [];
    for await (const e of readServerSentEvents(
      streamOf([
        ': forage run events\r\n\r\nevent: st',
        'ep\r\ndata: {"seq":1}\r\n',
        '\r\n: keep-alive\n\nevent: completed\ndata: {}\n\n',
      ]),
    ))
      events.push(e);
    expect(events).toEqual([
      { event: 'step', data: '{"seq":1}' },
      { event: 'completed', data: '{}' },
    ]);
  });
});

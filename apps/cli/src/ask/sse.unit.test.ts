import { SseParser } from './sse.js';

describe('SseParser', () => {
  it('parses events split across chunks, ignoring comments', () => {
    const p = new SseParser();
    expect(p.push(': hello\n\nevent: step\ndata: {"a"')).toEqual([]);
    expect(p.push(':1}\n\nevent: completed\r\ndata: x\r\n\r\n')).toEqual([
      { event: 'step', data: '{"a":1}' },
      { event: 'completed', data: 'x' },
    ]);
  });

  it('joins multi-line data and defaults the event name', () => {
    expect(new SseParser().push('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

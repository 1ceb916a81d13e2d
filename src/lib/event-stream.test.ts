import { describe, expect, it } from 'vitest';
import { eventStreamParser } from './event-stream.ts';

describe('eventStreamParser', () => {
  it('answers each event once it is complete, however the text is split', () => {
    const stream = 'event: text\ndata: {"text":"Hel"}\n\nevent: text\ndata: {"text":"lo"}\n\nevent: done\ndata: {}\n\n';
    for (const size of [1, 2, 5, 13, stream.length]) {
      const parse = eventStreamParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...parse(stream.slice(i, i + size)));
      expect(events, `pieces of ${size}`).toEqual([
        { event: 'text', data: '{"text":"Hel"}' },
        { event: 'text', data: '{"text":"lo"}' },
        { event: 'done', data: '{}' },
      ]);
    }
  });

  it('holds back an event until its blank line arrives', () => {
    const parse = eventStreamParser();
    expect(parse('event: text\ndata: {"text":"a"}\n')).toEqual([]);
    expect(parse('\n')).toEqual([{ event: 'text', data: '{"text":"a"}' }]);
  });

  it('reads CRLF and CR line endings, a CRLF split between pieces included', () => {
    const parse = eventStreamParser();
    expect(parse('data: one\r')).toEqual([]);
    expect(parse('\n\r\ndata: two\r\rdata: three\n\n')).toEqual([
      { event: 'message', data: 'one' },
      { event: 'message', data: 'two' },
      { event: 'message', data: 'three' },
    ]);
  });

  it('joins data lines, skips comments and events without data, keeps a value without its one space', () => {
    const parse = eventStreamParser();
    expect(parse(': keep-alive\n\nevent: ping\n\ndata:a\ndata:  b\ndata\n\n')).toEqual([
      { event: 'message', data: 'a\n b\n' },
    ]);
  });
});

// Reading a text/event-stream (server-sent events) as its text arrives, for answers the server
// streams (the chatbot's). The subset of the WHATWG format a fetch reader needs: `event` and
// `data` fields, comments, and any line ending; `id` and `retry` (for EventSource reconnects) are
// ignored.

export interface ServerSentEvent {
  /** The event's name; "message" when the server gave none. */
  event: string;
  /** Its data lines, joined by line feeds. */
  data: string;
}

/**
 * A parser for one stream: feed it the text as it arrives, in pieces of any size, and it answers
 * the events completed so far. An event without data is no event (as in EventSource).
 */
export function eventStreamParser(): (piece: string) => ServerSentEvent[] {
  let buffer = '';
  return (piece) => {
    // A CR at the very end may be the first half of a CRLF: it waits for the next piece.
    buffer = (buffer + piece).replace(/\r\n|\r(?=[\s\S])/g, '\n');
    const events: ServerSentEvent[] = [];
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue; // a comment
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}

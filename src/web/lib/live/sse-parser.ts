// The text/event-stream format (WHATWG HTML §9.2.6), parsed incrementally from decoded chunks.
// We read the stream with fetch rather than EventSource so reconnection is ours alone.

export interface SseMessage {
  event: string;
  data: string;
}

/** Returns a `push(chunk)` that calls `onMessage` for every complete event in the stream. */
export function createSseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  // A chunk may end between the \r and \n of one line ending.
  let skipLineFeed = false;

  const dispatch = () => {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment, used as a keep-alive by some servers
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return (chunk) => {
    buffer += chunk;
    let start = 0;
    for (let index = 0; index < buffer.length; index++) {
      const char = buffer[index];
      if (char === '\n' && skipLineFeed && index === start) {
        skipLineFeed = false;
        start = index + 1;
        continue;
      }
      skipLineFeed = false;
      if (char !== '\n' && char !== '\r') continue;
      line(buffer.slice(start, index));
      if (char === '\r') {
        if (buffer[index + 1] === '\n') index++;
        else if (index + 1 === buffer.length) skipLineFeed = true;
      }
      start = index + 1;
    }
    buffer = buffer.slice(start);
  };
}

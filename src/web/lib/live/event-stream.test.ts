import { describe, expect, it, vi } from 'vitest';
import { createFakeTimers } from '../../test/fake-timers';
import { type ConnectHandlers, createEventStream, fetchConnect } from './event-stream';

/** A transport whose connections the test opens, feeds and breaks by hand. */
function fakeTransport(clock: () => number) {
  const connections: { at: number; handlers: ConnectHandlers; closed: boolean }[] = [];
  const connect = (handlers: ConnectHandlers) => {
    const connection = { at: clock(), handlers, closed: false };
    connections.push(connection);
    return { close: () => (connection.closed = true) };
  };
  const latest = () => {
    const connection = connections.at(-1);
    if (!connection) throw new Error('never connected');
    return connection;
  };
  return { connect, connections, latest };
}

function setup() {
  const clock = createFakeTimers();
  const transport = fakeTransport(clock.now);
  const onMessage = vi.fn();
  const states: string[] = [];
  const stream = createEventStream({
    connect: transport.connect,
    onMessage,
    onStateChange: (state) => states.push(state),
    timers: clock.timers,
  });
  return { clock, transport, onMessage, states, stream };
}

describe('live event stream', () => {
  it('reconnects after 1, 2, 4, 8, 16 and 16 seconds while connections keep failing', () => {
    const { clock, transport } = setup();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const failedAt = clock.now();
      transport.latest().handlers.onClose();
      clock.advance(30_000);
      delays.push((transport.connections[attempt + 1]?.at ?? Number.NaN) - failedAt);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000]);
  });

  it('starts again at 1 second once a connection delivered data', () => {
    const { clock, transport } = setup();
    for (let attempt = 0; attempt < 3; attempt++) {
      transport.latest().handlers.onClose();
      clock.advance(16_000);
    }
    transport.latest().handlers.onMessage({ event: 'ready', data: '{}' });
    transport.latest().handlers.onClose();
    const before = transport.connections.length;
    clock.advance(999);
    expect(transport.connections).toHaveLength(before);
    clock.advance(1);
    expect(transport.connections).toHaveLength(before + 1);
  });

  it('treats 60 seconds of silence as a dead connection: closes it and connects again', () => {
    const { clock, transport, states } = setup();
    const first = transport.latest();
    first.handlers.onMessage({ event: 'ready', data: '{}' });

    clock.advance(59_999);
    expect(first.closed).toBe(false);
    clock.advance(1);
    expect(first.closed).toBe(true);
    expect(states.at(-1)).toBe('reconnecting');

    clock.advance(1000);
    expect(transport.connections).toHaveLength(2);
  });

  it('counts pings as signs of life', () => {
    const { clock, transport, onMessage } = setup();
    const first = transport.latest();
    for (let beat = 0; beat < 5; beat++) {
      clock.advance(20_000);
      first.handlers.onMessage({ event: 'ping', data: '{}' });
    }
    expect(first.closed).toBe(false);
    expect(transport.connections).toHaveLength(1);
    expect(onMessage).toHaveBeenCalledTimes(5);
  });

  it('ignores a dropped connection that speaks again, and stops for good on stop()', () => {
    const { clock, transport, onMessage, stream } = setup();
    const first = transport.latest();
    first.handlers.onClose();
    first.handlers.onMessage({ event: 'check.result', data: '{}' });
    expect(onMessage).not.toHaveBeenCalled();

    clock.advance(1000);
    stream.stop();
    expect(transport.latest().closed).toBe(true);
    clock.advance(120_000);
    expect(transport.connections).toHaveLength(2);
  });
});

describe('fetchConnect', () => {
  it('parses the stream into messages, across chunk boundaries', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of [
          'event: ready\ndata: {}\n\n: keep-alive\n',
          'event: monitor.do',
          'wn\ndata: {"monitorId":"m-1"}\r',
          '\n\r\n',
        ]) {
          controller.enqueue(encoder.encode(chunk));
        }
        controller.close();
      },
    });
    const fetchImpl = vi.fn(
      async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const messages: unknown[] = [];
    const closed = new Promise<void>((resolve) => {
      fetchConnect(
        '/api/v1/events',
        fetchImpl,
      )({ onMessage: (message) => messages.push(message), onClose: resolve });
    });
    await closed;
    expect(messages).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'monitor.down', data: '{"monitorId":"m-1"}' },
    ]);
  });

  it('reports a refused stream (401) as closed so the caller retries', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 401 }));
    const onClose = vi.fn();
    fetchConnect('/api/v1/events', fetchImpl)({ onMessage: vi.fn(), onClose });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});

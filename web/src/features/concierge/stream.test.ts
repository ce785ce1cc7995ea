import { afterEach, describe, expect, it, vi } from 'vitest';
import { respondStream, StreamUnavailable } from './stream';

const ANSWER = { message_id: 'm1', thread_id: 't1', message: 'From the model: NestFlow CRM.', handoff: false, citations: [], actions: [], quick_replies: [] };

function sse(chunks: string[], status = 200, type = 'text/event-stream') {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': type } });
}

afterEach(() => vi.unstubAllGlobals());

// F-AI-03 (issue 29 item 3): the web chat reads the streamed answer as it arrives.
describe('F-AI-03 concierge stream', () => {
  it('passes the deltas on as they arrive (events cut anywhere) and resolves with the final answer', async () => {
    const answer = `event: answer\ndata: ${JSON.stringify(ANSWER)}\n\n`;
    const fetchMock = vi.fn(async () => sse(['event: delta\ndata: {"text":"From the "}\n\nevent: del', 'ta\ndata: {"text":"model"}\n\n', answer.slice(0, 20), answer.slice(20)]));
    vi.stubGlobal('fetch', fetchMock);
    const deltas: string[] = [];
    const a = await respondStream({ text: 'I need a CRM', thread_id: 't1' }, (d) => deltas.push(d));
    expect(deltas).toEqual(['From the ', 'model']);
    expect(a).toEqual(ANSWER);
    expect(fetchMock).toHaveBeenCalledWith('/api/concierge/respond/stream', expect.objectContaining({ method: 'POST', body: '{"text":"I need a CRM","thread_id":"t1"}' }));
  });

  it('is unavailable (the caller falls back to respond) on an HTTP error, a network error or another content type', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })));
    await expect(respondStream({ text: 'x' }, () => undefined)).rejects.toBeInstanceOf(StreamUnavailable);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(respondStream({ text: 'x' }, () => undefined)).rejects.toBeInstanceOf(StreamUnavailable);
    vi.stubGlobal('fetch', vi.fn(async () => sse(['{}'], 200, 'application/json')));
    await expect(respondStream({ text: 'x' }, () => undefined)).rejects.toBeInstanceOf(StreamUnavailable);
  });

  it('fails (no second try) on an error event after the stream started', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => sse(['event: error\ndata: {"message":"trouble"}\n\n'])));
    const err = await respondStream({ text: 'x' }, () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(StreamUnavailable);
  });
});

import type { ConciergeAnswer } from './api';

/**
 * The concierge's answer as server-sent events (POST /api/concierge/respond/stream): with a
 * language model, "delta" events carry the message text as it is written, then one "answer"
 * event the final, validated answer (which replaces the streamed text); the built-in advisor
 * sends only the answer. Resolves with the answer; rejects with StreamUnavailable when the stream
 * could not be used at all (the caller then asks the non-streamed respond), or with an Error
 * after an "error" event (the server already tried: no second try).
 */
export class StreamUnavailable extends Error {}

export async function respondStream(
  body: { text: string; thread_id?: string },
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<ConciergeAnswer> {
  let res: Response;
  try {
    res = await fetch('/api/concierge/respond/stream', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    throw new StreamUnavailable(String(e));
  }
  if (!res.ok || !res.body || !(res.headers.get('Content-Type') ?? '').startsWith('text/event-stream')) {
    throw new StreamUnavailable(`stream answered ${res.status}`);
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  let started = false;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (!started) throw new StreamUnavailable(String(e));
      throw e instanceof Error ? e : new Error(String(e));
    }
    if (chunk.done) break;
    buf += decoder.decode(chunk.value, { stream: true });
    let at: number;
    while ((at = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, at);
      buf = buf.slice(at + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      started = true;
      if (event === 'delta') onDelta((JSON.parse(data) as { text: string }).text);
      else if (event === 'answer') return JSON.parse(data) as ConciergeAnswer;
      else if (event === 'error') throw new Error((JSON.parse(data) as { message: string }).message);
    }
  }
  if (!started) throw new StreamUnavailable('empty stream');
  throw new Error('the stream ended without an answer');
}

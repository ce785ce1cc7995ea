import { describe, expect, it, vi } from 'vitest';
import { windowEvent } from './events';

describe('typed window events', () => {
  it('hands each listener the detail until it unsubscribes', () => {
    const picked = windowEvent<{ id: string }>('test:picked');
    const handler = vi.fn();
    const off = picked.on(handler);
    picked.emit({ id: 'a' });
    off();
    picked.emit({ id: 'b' });
    expect(handler.mock.calls).toEqual([[{ id: 'a' }]]);
  });

  it('is a window CustomEvent of that name both ways (what outside senders and the browser tests use)', () => {
    const opened = windowEvent('test:opened');
    const raw = vi.fn();
    window.addEventListener('test:opened', raw);
    opened.emit();
    window.removeEventListener('test:opened', raw);
    expect(raw).toHaveBeenCalledTimes(1);

    const handler = vi.fn();
    const off = windowEvent<{ n: number }>('test:raw').on(handler);
    window.dispatchEvent(new CustomEvent('test:raw', { detail: { n: 1 } }));
    off();
    expect(handler).toHaveBeenCalledWith({ n: 1 });
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotCheck } from './BotCheck';

interface RenderOptions {
  sitekey: string;
  action: string;
  callback: (token: string) => void;
  'error-callback': () => void;
}

describe('F-AUTH-05 the Turnstile widget', () => {
  afterEach(() => {
    delete (window as unknown as { turnstile?: unknown }).turnstile;
  });

  it('renders with the site key and the signup action the server checks, and reports the token', async () => {
    let opts: RenderOptions | undefined;
    const turnstile = {
      render: vi.fn((_el: HTMLElement, o: RenderOptions) => {
        opts = o;
        return 'widget-1';
      }),
      remove: vi.fn(),
    };
    (window as unknown as { turnstile: typeof turnstile }).turnstile = turnstile;
    const onToken = vi.fn();
    const { unmount } = render(<BotCheck kind="turnstile" siteKey="0x4AAAAAAAsite" onToken={onToken} />);
    await act(async () => {});
    expect(turnstile.render).toHaveBeenCalledTimes(1);
    expect(opts?.sitekey).toBe('0x4AAAAAAAsite');
    expect(opts?.action).toBe('signup');

    act(() => opts?.callback('solved-token'));
    expect(onToken).toHaveBeenLastCalledWith('solved-token');

    act(() => opts?.['error-callback']());
    expect(onToken).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
    unmount();
    expect(turnstile.remove).toHaveBeenCalledWith('widget-1');
  });
});

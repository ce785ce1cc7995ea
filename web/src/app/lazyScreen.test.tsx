import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('F-CAT-02 lazyScreen', () => {
  it('renders a preloaded screen in the first render, without its Suspense fallback', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Greeting }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen name="Ana" />
      </Suspense>,
    );
    // Synchronously: React 19 would hold a suspended screen back for 300 ms after its fallback.
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy when its module has not arrived, then shows it', async () => {
    let arrive!: () => void;
    const Screen = lazyScreen(() => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = () => resolve({ default: Greeting }))));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen name="Ben" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('Hello Ben')).toBeInTheDocument();
  });

  it('a failed download may be tried again', async () => {
    let attempts = 0;
    const Screen = lazyScreen<{ name: string }>(() =>
      ++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Greeting }),
    );
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    render(<Screen name="Cy" />);
    expect(screen.getByText('Hello Cy')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});

import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyLoaded } from './lazyLoaded';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

// Issue 18 item 9: a preloaded dialog renders in the click's own commit, not after a Suspense
// fallback (which React holds back for up to 300 ms).
describe('F-APP-07 lazyLoaded', () => {
  it('renders a preloaded component at once, without its fallback', async () => {
    const C = lazyLoaded(() => Promise.resolve({ default: Greeting }));
    await C.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <C name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy before the chunk is here, then shows it', async () => {
    const C = lazyLoaded(() => Promise.resolve({ default: Greeting }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <C name="Ben" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ben')).toBeInTheDocument();
  });

  it('tries a failed download again', async () => {
    let calls = 0;
    const C = lazyLoaded<{ name: string }>(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Greeting })));
    await expect(C.preload()).rejects.toThrow('offline');
    await C.preload();
    expect(calls).toBe(2);
  });
});

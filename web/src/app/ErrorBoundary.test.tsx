import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { STORAGE_KEYS } from '../lib/storage';
import { takeConsoleCalls } from '../test/console';
import { ErrorBoundary, isChunkLoadError } from './ErrorBoundary';

let fail = true;
function Boom({ message }: { message: string }) {
  if (fail) throw new Error(message);
  return <p>Recovered content</p>;
}

function Harness({ message = 'Price list failed to parse' }: { message?: string }) {
  return (
    <ErrorBoundary section="Marketplace">
      <Boom message={message} />
    </ErrorBoundary>
  );
}

describe('F-APP-05 error fallback panel', () => {
  beforeEach(() => {
    fail = true;
    vi.spyOn(browser, 'reload').mockImplementation(() => {});
    vi.spyOn(browser, 'openInNewTab').mockImplementation(() => {});
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    // React reports caught errors on the console; that is expected here.
    takeConsoleCalls();
  });

  it('names the section and shows the message, with Try Again and Reload Page', async () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Something went wrong in Marketplace' })).toBeInTheDocument();
    expect(screen.getByText('Price list failed to parse')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'QA Runner' })).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });

  it('falls back to "An unexpected error occurred." without a message', () => {
    render(<Harness message="" />);
    expect(screen.getByText('An unexpected error occurred.')).toBeInTheDocument();
  });

  it('Reload Page reloads with reason recovery_fallback', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.reloadReason)).toBe('recovery_fallback');
  });

  it('with qa=1 shows details and a QA Runner button that opens /qa in a new tab', async () => {
    window.history.replaceState(null, '', '/marketplace?qa=1');
    render(<Harness />);
    expect(screen.getByText('Technical details')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'QA Runner' }));
    expect(browser.openInNewTab).toHaveBeenCalledWith('/qa');
  });

  it('a quiet boundary (an optional layer such as the help widget) leaves the page around it working', () => {
    render(
      <div>
        <p>The screen</p>
        <ErrorBoundary section="help" quiet>
          <Boom message="HelpWidget chunk failed" />
        </ErrorBoundary>
      </div>,
    );
    expect(screen.getByText('The screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('HelpWidget chunk failed')).not.toBeInTheDocument();
  });
});

describe('isChunkLoadError', () => {
  it("recognises each browser's message for a screen chunk that failed to download", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

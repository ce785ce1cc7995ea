import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../components/ui/Modal';
import { Toaster } from '../components/ui/Toaster';
import {
  dismissToast,
  getToasts,
  toast,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
} from './toast';

describe('F-APP-07 toast queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps one toast visible: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'First' });
    toast({ title: 'Second' });
    expect(getToasts().map((t) => t.title)).toEqual(['Second']);
  });

  it('removes a dismissed toast after 1000 ms', () => {
    expect(TOAST_REMOVE_DELAY_MS).toBe(1000);
    const id = toast({ title: 'Saved' });
    dismissToast(id);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('closes by itself after its duration, then is removed', () => {
    toast({ title: 'Hello' });
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts()).toHaveLength(0);
  });

  it('a replaced toast does not close its successor', () => {
    toast({ title: 'Old', duration: 100 });
    toast({ title: 'New', duration: 0 });
    vi.advanceTimersByTime(10_000);
    expect(getToasts().map((t) => [t.title, t.open])).toEqual([['New', true]]);
  });

  it('the Toaster shows one toast at a time and its close button dismisses it', async () => {
    vi.useRealTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'One' });
      toast({ title: 'Two', description: 'Second toast' });
    });
    expect(screen.queryByText('One')).not.toBeInTheDocument();
    expect(screen.getByText('Two')).toBeInTheDocument();
    expect(screen.getByText('Second toast')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(getToasts()[0]?.open).toBe(false);
  });
});

// Issue 18 item 7: the visitor's Sign in toast comes from the detail dialog; a toast behind an
// inert page could be neither read by a screen reader nor clicked.
describe('F-APP-07 toasts over a dialog', () => {
  it('stay outside the inert page and keep their buttons usable', async () => {
    const onClick = vi.fn();
    render(
      <>
        <Toaster />
        <Modal labelledBy="dlg-title">
          <h2 id="dlg-title">Details</h2>
          <button type="button">Inside</button>
        </Modal>
      </>,
    );
    act(() => {
      toast({ title: 'Please sign in', actions: [{ label: 'Sign In', onClick }] });
    });
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button.closest('[inert]')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});

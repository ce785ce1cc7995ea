import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { isNoticeDismissed, pushNotice, resetSessionNotices, useSessionNotices } from '../../lib/sessionNotices';
import { SecurityNotices } from './SecurityNotices';

afterEach(() => resetSessionNotices());

function Harness() {
  const { sessionsDialogOpen } = useSessionNotices();
  return (
    <>
      <SecurityNotices userId="u1" />
      <p>{sessionsDialogOpen ? 'sessions open' : 'sessions closed'}</p>
    </>
  );
}

// Issue 28 item 10: a dismissible notice announced as a status, not a dialog on every page.
describe('F-AUTH-10 the security notice bar', () => {
  it('is a status with the spec title that links to Active Sessions and stays gone once dismissed', async () => {
    pushNotice({ kind: 'multiple_sessions', userId: 'u1', activeSessions: 3 });
    render(<Harness />);
    const bar = screen.getByRole('status', { name: 'Multiple Active Sessions Detected' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bar).toHaveTextContent('Your account is signed in on 3 browsers or devices.');
    expect(bar).not.toContainElement(document.activeElement as HTMLElement);

    await userEvent.click(screen.getByRole('button', { name: 'Review sessions' }));
    expect(screen.getByText('sessions open')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Multiple Active Sessions Detected' })).not.toBeInTheDocument();

    pushNotice({ kind: 'new_device', userId: 'u1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'New Device Detected' })).not.toBeInTheDocument();
    expect(isNoticeDismissed('u1', 'new_device')).toBe(true);
    expect(pushNotice({ kind: 'new_device', userId: 'u1' })).toBe(false);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';

/** A dialog that can open a second one over itself. */
function Stacked() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button">Page button</button>
      {outer ? (
        <Modal labelledBy="outer-title" onClose={() => setOuter(false)}>
          <h2 id="outer-title">Outer</h2>
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
        </Modal>
      ) : null}
      {inner ? (
        <Modal labelledBy="inner-title" onClose={() => setInner(false)}>
          <h2 id="inner-title">Inner</h2>
          <button type="button">Inner button</button>
        </Modal>
      ) : null}
    </>
  );
}

// Issue 28 item 3: Escape closes the dialog on top, one per press, wherever focus is.
describe('F-APP-07 Modal', () => {
  it('closes the top dialog only on each Escape, and makes the page live again', async () => {
    render(<Stacked />);
    await userEvent.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
    // Focus lost to the body: Escape still reaches the dialog.
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Outer' })).not.toBeInTheDocument();
    expect(document.querySelector('[inert]')).toBeNull();
  });
});

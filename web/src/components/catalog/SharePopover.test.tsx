import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SharePopover, type ShareCopy } from './SharePopover';

const words: ShareCopy = {
  heading: 'Share this deal',
  sms: 'Text Message',
  email: 'Email',
  copy: 'Copy Link',
  copied: 'Link copied',
  copyFailed: 'Could not copy',
};

describe('F-CAT-03 share popover', () => {
  it('asks for its words and link only when it opens, and closes on Escape with focus on the button', () => {
    const copy = vi.fn(() => words);
    const link = vi.fn(() => 'https://circle.example/marketplace?service=svc-1');
    render(<SharePopover title="Drips" description="Follow-up" label="Share Drips" link={link} copy={copy} placement="above-end" />);

    const button = screen.getByRole('button', { name: 'Share Drips' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // A closed popover (50 of them on a marketplace page) translates nothing and builds no link.
    expect(copy).not.toHaveBeenCalled();
    expect(link).not.toHaveBeenCalled();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Share this deal')).toBeInTheDocument();
    expect(screen.getByTestId('share-popover')).toHaveAttribute('data-link', 'https://circle.example/marketplace?service=svc-1');
    expect(screen.getByRole('link', { name: 'Email' }).getAttribute('href')).toContain('mailto:');
    expect(copy).toHaveBeenCalled();

    fireEvent.keyDown(screen.getByRole('link', { name: 'Text Message' }), { key: 'Escape' });
    expect(screen.queryByTestId('share-popover')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

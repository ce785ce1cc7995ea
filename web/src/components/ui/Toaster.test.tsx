import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { Modal, ModalFooter } from './Modal';
import { Toaster } from './Toaster';
import { TOAST_LIFT_VAR } from './toastLift';

/** jsdom has no layout: each footer's height is set here, and it lies at the window's bottom. */
const heights = new Map<string, number>();
const observers = new Set<FakeResizeObserver>();

class FakeResizeObserver {
  private readonly targets = new Set<Element>();
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
    observers.add(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  /** What the browser does after a layout in which an observed element changed size. */
  fire() {
    if (this.targets.size > 0) this.callback([], this as unknown as ResizeObserver);
  }
}

/** Sets a footer's height and lets the observers report it, as after a layout. */
function resize(name: string, height: number) {
  heights.set(name, height);
  settle();
}

/** The browser reports an observed element's size once it is laid out (first time included). */
function settle() {
  act(() => {
    for (const o of observers) o.fire();
  });
}

const lift = () => document.documentElement.style.getPropertyValue(TOAST_LIFT_VAR);

function Drawer({ name }: { name: string }) {
  return (
    <Modal labelledBy={`${name}-title`}>
      <h2 id={`${name}-title`}>{name}</h2>
      <ModalFooter>
        <div data-footer={name}>
          <button type="button">Checkout {name}</button>
        </div>
      </ModalFooter>
    </Modal>
  );
}

/** The toasts, the cart drawer and, over it, another drawer, as asked. */
function Page({ cart, inner }: { cart: boolean; inner: boolean }) {
  return (
    <>
      <Toaster />
      {cart ? <Drawer name="cart" /> : null}
      {inner ? <Drawer name="inner" /> : null}
    </>
  );
}

describe('F-APP-07 toasts over a drawer with a footer of actions', () => {
  beforeEach(() => {
    heights.clear();
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const name = this.querySelector<HTMLElement>('[data-footer]')?.dataset.footer;
      const height = this.hasAttribute('data-modal-footer') && name ? (heights.get(name) ?? 0) : 0;
      const top = window.innerHeight - height;
      return DOMRect.fromRect({ x: 0, y: height ? top : 0, width: 0, height });
    });
  });
  afterEach(() => {
    document.documentElement.style.removeProperty(TOAST_LIFT_VAR);
    observers.clear();
  });

  it('sit above the open drawer footer, follow its height, and go back down when it closes', () => {
    heights.set('cart', 120);
    const { rerender } = render(<Page cart={false} inner={false} />);
    act(() => {
      toast({ title: 'Request Sent!' });
    });
    const viewport = screen.getByRole('region', { name: 'Notifications' });
    // The viewport's bottom is read from the lift (at least 1rem; 0.5rem above a footer).
    expect(viewport.className).toContain('bottom-[max(1rem,calc(var(--toast-lift,0px)_+_0.5rem))]');
    expect(viewport.className).toContain('motion-safe:transition-[bottom]');
    expect(lift()).toBe('');

    rerender(<Page cart inner={false} />);
    settle();
    expect(screen.getByRole('button', { name: 'Checkout cart' })).toBeInTheDocument();
    expect(lift()).toBe('120px');

    resize('cart', 184); // e.g. a pending co-pay note appears in the footer
    expect(lift()).toBe('184px');
    resize('cart', 96);
    expect(lift()).toBe('96px');

    rerender(<Page cart={false} inner={false} />);
    expect(screen.queryByRole('button', { name: 'Checkout cart' })).not.toBeInTheDocument();
    expect(lift()).toBe('');
    expect(screen.getByText('Request Sent!')).toBeInTheDocument();
  });

  it('follow the footer of the drawer on top, and the one below again once it closes', () => {
    heights.set('cart', 120);
    heights.set('inner', 64);
    const { rerender } = render(<Page cart inner={false} />);
    settle();
    expect(lift()).toBe('120px');
    rerender(<Page cart inner />);
    settle();
    expect(lift()).toBe('64px');
    // The cart's footer is under the inner drawer (inert): its changes do not move the toasts.
    resize('cart', 150);
    expect(lift()).toBe('64px');
    rerender(<Page cart inner={false} />);
    expect(lift()).toBe('120px');
    rerender(<Page cart={false} inner={false} />);
    expect(lift()).toBe('');
  });

  it('are lifted once the drawer has laid out, also without ResizeObserver', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    heights.set('cart', 120);
    const { unmount } = render(<Drawer name="cart" />);
    await waitFor(() => expect(lift()).toBe('120px'));
    unmount();
    expect(lift()).toBe('');
  });
});

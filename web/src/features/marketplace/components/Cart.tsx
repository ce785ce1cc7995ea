import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cartCount, OPEN_CART_EVENT, useCart } from '../../../lib/cart';
import { modalGuard } from '../model/modalGuard';

const CartDialog = lazy(() => import('./CartDialog'));

/**
 * The cart button with its count; it opens the local cart (also on the "openCart" event). The
 * cart drawer with checkout arrives with the cart issue.
 */
export function CartButton({ money }: { money: (cents: number) => string }) {
  const { t } = useTranslation();
  const items = useCart();
  const [open, setOpen] = useState(false);
  const count = cartCount(items);

  useEffect(() => {
    const onOpen = () => {
      if (!modalGuard.isOpen()) setOpen(true);
    };
    window.addEventListener(OPEN_CART_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CART_EVENT, onOpen);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('marketplace.cart.button', { count })}
        className="relative flex size-10 items-center justify-center rounded-control border border-border-strong bg-surface text-fg hover:bg-surface-sunken"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-pill bg-primary px-1 text-xs font-semibold text-primary-fg"
          >
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CartDialog money={money} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

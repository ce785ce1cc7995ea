import { useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openCart } from '../../lib/cart';
import { useViewer } from '../../lib/session';
import { cartQuery } from './api';

/** The header's cart button with the item count badge (02§2); it opens the drawer. */
export function CartButton() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const { data } = useQuery(cartQuery(signedIn));
  const count = signedIn ? (data?.item_count ?? 0) : 0;
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={t('cart.button', { count })}
      className="relative flex size-10 shrink-0 items-center justify-center rounded-control text-fg hover:bg-surface-sunken"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-pill bg-primary px-1 text-xs font-semibold text-primary-fg"
        >
          {count}
        </span>
      ) : null}
    </button>
  );
}

import { Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { cartTotal, MAX_QUANTITY, removeFromCart, setCartQuantity, useCart } from '../../../lib/cart';
import { toast } from '../../../lib/toast';
import { modalGuard } from '../model/modalGuard';

/** The local cart: items with quantities, remove and the total (the cart issue adds checkout). */
export default function CartDialog({ money, onClose }: { money: (cents: number) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const items = useCart();
  const titleId = useId();

  useEffect(() => {
    modalGuard.opened();
    return () => modalGuard.closed();
  }, []);

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="flex max-h-[85vh] max-w-md! flex-col gap-4 overflow-y-auto">
      <h2 id={titleId} className="text-xl font-semibold text-fg">
        {t('marketplace.cart.title')}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('marketplace.cart.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 py-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-fg">{item.title}</p>
                    <p className="text-xs text-fg-muted">{item.vendor}</p>
                  </div>
                  <p className="text-sm font-semibold tabular text-fg">{money(item.price * item.quantity)}</p>
                </div>
                <div className="flex items-center justify-between gap-3">
                  <div className="flex items-center gap-1" role="group" aria-label={t('marketplace.cart.quantityOf', { title: item.title })}>
                    <Button
                      variant="secondary"
                      size="sm"
                      className="px-2"
                      aria-label={t('marketplace.cart.decrease', { title: item.title })}
                      onClick={() => setCartQuantity(item.id, item.quantity - 1)}
                    >
                      <Minus aria-hidden="true" className="size-4" />
                    </Button>
                    <span className="w-8 text-center text-sm tabular" aria-live="polite">
                      {item.quantity}
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      className="px-2"
                      disabled={item.quantity >= MAX_QUANTITY}
                      aria-label={t('marketplace.cart.increase', { title: item.title })}
                      onClick={() => setCartQuantity(item.id, item.quantity + 1)}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('marketplace.cart.remove', { title: item.title })}
                    onClick={() => {
                      removeFromCart(item.id);
                      toast({ title: t('marketplace.cart.removed'), description: t('marketplace.cart.removedBody', { title: item.title }) });
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('marketplace.cart.removeShort')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between border-t border-border pt-3">
            <p className="text-sm font-medium text-fg">{t('marketplace.cart.total')}</p>
            <p className="text-lg font-bold tabular text-fg">{money(cartTotal(items))}</p>
          </div>
          <p className="text-xs text-fg-muted">{t('marketplace.cart.checkoutNote')}</p>
        </>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('marketplace.cart.close')}
        </Button>
      </div>
    </Modal>
  );
}

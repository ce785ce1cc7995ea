import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { PRODUCT_CATEGORIES, productKey } from '../model/categories';
import { scrollToServicesGrid, ServicesResults, type MarketplaceViewProps } from './ServicesResults';

/**
 * The products view (03§2): the 35 product categories with their provider counts and Explore;
 * exploring one lists the matching services with Back to Products.
 */
export function ProductsView(view: MarketplaceViewProps) {
  const { data, filters, update } = view;
  const { t } = useTranslation();
  const counts = new Map((data?.product_categories ?? []).map((p) => [p.slug, p.count]));
  const showCounts = Boolean(data && !data.partial);

  if (filters.product) {
    const key = productKey(filters.product);
    const name = key ? t(`marketplace.products.names.${key}`) : filters.product;
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="products-heading" className="text-xl font-semibold tracking-tight text-fg">
            {name}
          </h2>
          <Button variant="secondary" onClick={() => update({ product: '' })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('marketplace.products.back')}
          </Button>
        </div>
        <ServicesResults {...view} labelledBy="products-heading" />
      </div>
    );
  }

  return (
    <section aria-labelledby="products-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="products-heading" className="text-xl font-semibold tracking-tight text-fg">
          {t('marketplace.products.title')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t('marketplace.products.subtitle')}</p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {PRODUCT_CATEGORIES.map((p) => {
          const name = t(`marketplace.products.names.${p.key}`);
          return (
            <li key={p.slug} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
              <div className="flex-1">
                <h3 className="text-base font-semibold text-fg">{name}</h3>
                {showCounts ? (
                  <p className="text-sm tabular text-fg-muted">{t('marketplace.products.providers', { count: counts.get(p.slug) ?? 0 })}</p>
                ) : null}
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('marketplace.products.exploreNamed', { name })}
                onClick={() => {
                  update({ product: p.slug });
                  scrollToServicesGrid();
                }}
              >
                {t('marketplace.products.explore')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

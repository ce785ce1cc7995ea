import { useTranslation } from 'react-i18next';
import { Stars } from '../../../components/catalog/Stars';
import type { ServiceDetail } from '../model/types';

/**
 * The rating lines of the sales-page header. The stars are the service's own published reviews,
 * the same figures as its Customer Reviews section; the vendor's rating (over all its services,
 * 02§5: shown only when the service has reviews and a vendor) is a separate, labelled line, so the
 * header never shows the vendor's 4.4 (5) as if it were the service's 4.3 (3).
 */
export function SalesRating({ detail, vendorName }: { detail: Pick<ServiceDetail, 'reviews' | 'vendor' | 'sales_page'>; vendorName: string }) {
  const { t } = useTranslation();
  const { reviews, vendor } = detail;
  if (reviews.total_reviews <= 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="sales-rating">
      <Stars rating={reviews.average_rating} reviews={reviews.total_reviews} size="md" />
      {detail.sales_page.show_vendor_rating && vendor && vendor.review_count > 0 ? (
        <p className="text-sm text-fg-muted" data-testid="sales-vendor-rating">
          {t('detail.sales.vendorRating', { vendor: vendorName, rating: (Math.round(vendor.rating * 10) / 10).toFixed(1), count: vendor.review_count })}
        </p>
      ) : null}
    </div>
  );
}

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceDetail } from '../model/types';
import { SalesRating } from './SalesRating';

type D = Pick<ServiceDetail, 'reviews' | 'vendor' | 'sales_page'>;

// The demo's NestFlow CRM: 3 reviews averaging 4.3; NestFlow over all its services: 5 reviews, 4.4.
function nestflow(): D {
  return {
    reviews: { average_rating: 13 / 3, total_reviews: 3, reviews: [] },
    vendor: { rating: 4.4, review_count: 5, name: 'NestFlow' } as D['vendor'],
    sales_page: { uses_packages: true, show_vendor_rating: true, tiers: [] },
  };
}

describe('F-CAT-09 sales-page header rating (02§2, 02§5; issue 18 item 8a)', () => {
  it("the stars are the service's own reviews, as in Customer Reviews; the vendor's rating is labelled as the vendor's", () => {
    render(<SalesRating detail={nestflow()} vendorName="NestFlow" />);
    expect(screen.getByText('Rated 4.3 out of 5 from 3 reviews')).toBeInTheDocument();
    expect(screen.queryByText('Rated 4.4 out of 5 from 5 reviews')).toBeNull();
    expect(screen.getByTestId('sales-vendor-rating')).toHaveTextContent('NestFlow overall: 4.4 from 5 reviews across all its services');
  });

  it('no reviews for the service: no rating lines (02§5)', () => {
    const d = nestflow();
    render(<SalesRating detail={{ ...d, reviews: { average_rating: 0, total_reviews: 0, reviews: [] }, sales_page: { ...d.sales_page, show_vendor_rating: false } }} vendorName="NestFlow" />);
    expect(screen.queryByTestId('sales-rating')).toBeNull();
  });
});

import type { Lender, LenderFilters } from './api';

/** The states a lender may serve (the server checks the code too). */
export const STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA',
  'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX',
  'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

/** How many filters are set (the phone's Filters button shows it). */
export function activeFilterCount(f: LenderFilters): number {
  return [f.state, f.loanType, f.copay, f.minRating].filter(Boolean).length;
}

/** Where the lender's consultation is booked: its own service's booking, else Circle's advisors. */
export function bookingLink(l: Lender): string {
  return l.booking_service_id ? `/book-meeting?service=${encodeURIComponent(l.booking_service_id)}&source=lender` : '/book-meeting?source=lender';
}

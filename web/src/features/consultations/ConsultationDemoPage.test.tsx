import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/cart';
import { renderScreen } from '../../test/render';
import { ADVISORS_SERVICE_ID } from './advisors';
import ConsultationDemoPage from './ConsultationDemoPage';

afterEach(() => vi.unstubAllGlobals());

const day = (date: string) => ({ date, available: true, slots: [{ time: '10:00 AM', starts_at: `${date}T15:00:00Z`, available: true, reason: '' }] });

const renderPage = () => renderScreen(<ConsultationDemoPage />);

describe('F-AREA-05 /consultation-demo books Circle advisors (issue 32 item 7)', () => {
  it("explains the call and shows the advisors' calendar", async () => {
    const seen = fakeServer(true, {
      'GET /api/consultations/calendar': () => ({
        body: { service_id: ADVISORS_SERVICE_ID, service_title: 'Circle platform walkthrough', vendor_name: 'Circle Platform', booking_type: 'internal',
          external_url: '', time_zone: 'America/Chicago', vendor_time_zone: 'America/Chicago', booking_window_weekdays: 20, days: [day('2027-03-10')] },
      }),
    });
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Consultation Demo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What the call covers' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a time for your demo call' })).toBeInTheDocument();
    expect(screen.getByText('A 30-minute video call with a Circle advisor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Consultation' })).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/api/consultations/calendar')?.search).toBe(`?service_id=${ADVISORS_SERVICE_ID}`);
  });

  it('says demo calls are not open where the advisors take no bookings (404)', async () => {
    fakeServer(true, {});
    await renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Demo calls are not open yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});

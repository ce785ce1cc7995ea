import { screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AGENT_PROFILE, fakeServer } from '../../test/cart';
import { renderApp } from '../../test/render';
import { checkLocation } from './LocationDialog';
import { GEO_OPTIONS } from './geolocation';

const userEvent = userEventBase.setup({ delay: null });

async function openDialog() {
  await renderApp('/orders');
  const chip = await screen.findByTestId('location-chip', {}, { timeout: 5000 });
  await userEvent.click(chip);
  return screen.findByRole('dialog', { name: 'Your Location' }, { timeout: 5000 });
}

describe('F-ENG-08 location dialog', { timeout: 60_000 }, () => {
  it('checks the manual form by 03§5', () => {
    expect(checkLocation('', '', '')).toEqual({ city: 'cityRequired', state: 'stateRequired' });
    expect(checkLocation('A', 'DC', '7870')).toEqual({ city: 'cityMin', state: 'stateInvalid', zip_code: 'zipInvalid' });
    expect(checkLocation('Austin', 'TX', '78701-1234')).toEqual({});
    expect(GEO_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 600_000 });
  });

  it('shows the field errors, sends nothing, then saves city, state and ZIP and the header chip follows', async () => {
    const seen = fakeServer(true, {
      'PUT /api/location': (s) => ({ body: { ...AGENT_PROFILE, ...(s.body as object), location: 'Austin, TX' } }),
    });
    const dialog = await openDialog();
    const city = within(dialog).getByRole('textbox', { name: /City/ });
    await userEvent.clear(city);
    await userEvent.type(city, 'A');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /State/ }), '');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /ZIP/ }), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Location' }));
    expect(within(dialog).getByText('City must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('State is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid ZIP code format')).toBeInTheDocument();
    expect(seen.filter((s) => s.path === '/api/location')).toEqual([]);

    await userEvent.type(city, 'ustin');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /State/ }), 'TX');
    const zip = within(dialog).getByRole('textbox', { name: /ZIP/ });
    await userEvent.clear(zip);
    await userEvent.type(zip, '78701');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Location' }));
    expect(await screen.findByText('Location saved')).toBeInTheDocument();
    expect(seen.find((s) => s.path === '/api/location')?.body).toEqual({ city: 'Austin', state: 'TX', zip_code: '78701' });
    await waitFor(() => expect(screen.getByTestId('location-chip')).toHaveAccessibleName('Location: Austin, TX. Change location'));
  });

  it('detects the position with the 03§7 options, reverse-geocodes it and fills the form', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _err: PositionErrorCallback | null, opts?: PositionOptions) => {
      expect(opts).toEqual(GEO_OPTIONS);
      ok({ coords: { latitude: 30.27, longitude: -97.74 } } as GeolocationPosition);
    });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const seen = fakeServer(true, {
      'GET /api/location/reverse': () => ({ body: { city: 'Austin', state: 'TX', zip_code: '', source: 'offline' } }),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Detect my location' }));
    expect(await within(dialog).findByText('We found Austin, TX.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /City/ })).toHaveValue('Austin');
    expect(within(dialog).getByRole('combobox', { name: /State/ })).toHaveValue('TX');
    expect(seen.find((s) => s.path === '/api/location/reverse')?.search).toBe('?lat=30.27&lng=-97.74');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('without geolocation says Location not supported', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    fakeServer(true);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Detect my location' }));
    expect(await screen.findByText('Location not supported')).toBeInTheDocument();
    expect(screen.getByText('Geolocation is not supported by this browser')).toBeInTheDocument();
  });
});

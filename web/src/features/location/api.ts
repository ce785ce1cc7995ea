import { api, unwrap } from '../../lib/api/client';

/** GET /api/location/reverse: the configured geocoder's US city and state for coordinates. */
export function reverseGeocode(lat: number, lng: number) {
  return unwrap(api.GET('/api/location/reverse', { params: { query: { lat, lng } } }));
}

/** PUT /api/location: the manual form, saved to the profile (answers the profile). */
export function saveLocation(body: { city: string; state: string; zip_code?: string }) {
  return unwrap(api.PUT('/api/location', { body }));
}

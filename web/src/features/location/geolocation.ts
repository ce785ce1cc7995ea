/** Browser geolocation as 03§7 sets it: high accuracy, 10 s timeout, positions up to 10 minutes old reused. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 10 * 60_000 };

export type GeoOutcome = { ok: true; lat: number; lng: number } | { ok: false; reason: 'unsupported' | 'denied' };

export function currentPosition(geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation): Promise<GeoOutcome> {
  if (!geo) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (p) => resolve({ ok: true, lat: p.coords.latitude, lng: p.coords.longitude }),
      () => resolve({ ok: false, reason: 'denied' }),
      GEO_OPTIONS,
    );
  });
}

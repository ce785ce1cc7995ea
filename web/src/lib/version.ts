/** The web app's built-in version; app_config.min_build_version is compared with it (spec 01§4). */
export const BUILD_VERSION = '1.0.0';

function segments(v: string): number[] {
  return v
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((s) => {
      const n = Number.parseInt(s, 10);
      return Number.isFinite(n) && n >= 0 ? n : 0;
    });
}

/**
 * Compares dotted versions numerically per segment; missing or non-numeric segments count as 0.
 * Returns a negative number when a < b, 0 when equal, positive when a > b.
 */
export function compareVersions(a: string, b: string): number {
  const x = segments(a);
  const y = segments(b);
  const len = Math.max(x.length, y.length);
  for (let i = 0; i < len; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

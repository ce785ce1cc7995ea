import { compareVersions } from './version';

/**
 * What to do about min_build_version (spec 01§4): nothing when the built-in version is recent
 * enough; reload (once per required version per browser session); after that, a notice.
 */
export function decideVersionAction(
  minBuildVersion: string | null | undefined,
  buildVersion: string,
  alreadyReloadedFor: string | null,
): 'ok' | 'reload' | 'notice' {
  if (!minBuildVersion || compareVersions(minBuildVersion, buildVersion) <= 0) return 'ok';
  return alreadyReloadedFor === minBuildVersion ? 'notice' : 'reload';
}

/** Whether force_cache_bust_after is later than the last bust this browser acted on. */
export function shouldCacheBust(forceAfter: string | null | undefined, lastBust: string | null): boolean {
  if (!forceAfter) return false;
  const at = Date.parse(forceAfter);
  if (Number.isNaN(at)) return false;
  if (lastBust === null) return true;
  const last = Date.parse(lastBust);
  return Number.isNaN(last) || at > last;
}

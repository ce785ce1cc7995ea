import { readStorage, writeStorage } from '../../../lib/storage';
import { MARKETPLACE_KEYS } from './storageKeys';

/** Auto-recovery runs at most once per 30 s (03§4, 03§9). */
export const RECOVERY_MIN_GAP_MS = 30_000;
/** The pause between clearing caches and loading again. */
export const RECOVERY_WAIT_MS = 1500;

export function canRecover(lastAt: number | null, now: number): boolean {
  return lastAt === null || now - lastAt >= RECOVERY_MIN_GAP_MS || now < lastAt;
}

export function lastRecoveryAt(): number | null {
  const v = Number(readStorage('session', MARKETPLACE_KEYS.recoveryAt));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** Claims the recovery slot: false when recovery ran less than 30 s ago (this tab). */
export function claimRecovery(now = Date.now()): boolean {
  if (!canRecover(lastRecoveryAt(), now)) return false;
  writeStorage('session', MARKETPLACE_KEYS.recoveryAt, String(now));
  return true;
}

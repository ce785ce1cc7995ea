import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

let memo: string | null = null;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A stable random id of this browser, kept in localStorage under the circle-auth prefix so cache
 * clearing keeps it. It is only used to tell the user's own devices apart (new-device notice).
 */
export function deviceFingerprint(): string {
  if (memo) return memo;
  const stored = readStorage('local', STORAGE_KEYS.deviceId);
  if (stored && /^[0-9a-f]{32}$/.test(stored)) {
    memo = stored;
    return stored;
  }
  const id = randomId();
  writeStorage('local', STORAGE_KEYS.deviceId, id);
  memo = id;
  return id;
}

/** Forgets the memoised id (tests). */
export function resetDeviceFingerprintMemo(): void {
  memo = null;
}

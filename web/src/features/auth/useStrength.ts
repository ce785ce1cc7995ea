import { useCallback, useEffect, useRef, useState } from 'react';
import { getPasswordStrength, type PasswordStrength } from './api/password-strength';

/** The strength indicator checks after a 300 ms pause in typing (spec 01§5). */
export const STRENGTH_DEBOUNCE_MS = 300;

/**
 * The server's score of the password being typed, 300 ms after the last change. `check` scores
 * the current password at once (the submit button must not wait for the pause).
 */
export function useStrength(password: string) {
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(password);
  useEffect(() => {
    latest.current = password;
  }, [password]);

  useEffect(() => {
    if (!password) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      getPasswordStrength(password, ctrl.signal).then(
        (strength) => {
          setFailed(false);
          setResult({ password, strength });
        },
        () => {
          if (!ctrl.signal.aborted) setFailed(true);
        },
      );
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [password]);

  const check = useCallback(async (): Promise<PasswordStrength | null> => {
    const pw = latest.current;
    if (result && result.password === pw) return result.strength;
    try {
      const strength = await getPasswordStrength(pw);
      setResult({ password: pw, strength });
      return strength;
    } catch {
      return null;
    }
  }, [result]);

  const current = password && result?.password === password ? result.strength : null;
  return { strength: current, pending: Boolean(password) && !current && !failed, check };
}

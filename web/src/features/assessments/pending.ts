import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import type { DiscAnswer, Questionnaire } from './api';

/**
 * A visitor's answers kept in this tab's sessionStorage across sign-in: the DISC test is saved
 * as soon as they are back signed in, the questionnaire's form is filled in again. Answers older
 * than a day are dropped.
 */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Stored<T> {
  at: number;
  value: T;
}

function read<T>(key: string, valid: (v: unknown) => v is T, now: number): T | null {
  const raw = readStorage('session', key);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Stored<unknown>> | null;
    if (!s || typeof s.at !== 'number' || Math.abs(now - s.at) > PENDING_MAX_AGE_MS || !valid(s.value)) return null;
    return s.value;
  } catch {
    return null;
  }
}

function isDiscAnswers(v: unknown): v is DiscAnswer[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((a) => a && typeof a === 'object' && ['item', 'most', 'least'].every((k) => typeof (a as Record<string, unknown>)[k] === 'string'))
  );
}

function isQuestionnaire(v: unknown): v is Questionnaire {
  if (!v || typeof v !== 'object') return false;
  const q = v as Record<string, unknown>;
  return (
    typeof q.years_licensed === 'number' &&
    typeof q.transactions_last_year === 'number' &&
    typeof q.gci_goal_cents === 'number' &&
    typeof q.biggest_challenge === 'string' &&
    Array.isArray(q.lead_sources) &&
    Array.isArray(q.specialties)
  );
}

export function savePendingDisc(answers: DiscAnswer[], now = Date.now()): void {
  writeStorage('session', STORAGE_KEYS.pendingDisc, JSON.stringify({ at: now, value: answers }));
}

export function readPendingDisc(now = Date.now()): DiscAnswer[] | null {
  return read(STORAGE_KEYS.pendingDisc, isDiscAnswers, now);
}

export function clearPendingDisc(): void {
  removeStorage('session', STORAGE_KEYS.pendingDisc);
}

export function savePendingQuestionnaire(q: Questionnaire, now = Date.now()): void {
  writeStorage('session', STORAGE_KEYS.pendingQuestionnaire, JSON.stringify({ at: now, value: q }));
}

export function readPendingQuestionnaire(now = Date.now()): Questionnaire | null {
  return read(STORAGE_KEYS.pendingQuestionnaire, isQuestionnaire, now);
}

export function clearPendingQuestionnaire(): void {
  removeStorage('session', STORAGE_KEYS.pendingQuestionnaire);
}

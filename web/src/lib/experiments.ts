import { api, unwrap } from './api/client';
import { readStorage, writeStorage } from './storage';

/**
 * The A/B experiments' records on the server (issue 31 item 11): a browser's arm once per
 * experiment (POST /api/experiments/{experiment}/exposures) and its conversion once
 * (.../conversions). The arms themselves are assigned by the marketplace (model/abTest.ts).
 */
export const EXPERIMENT_KEYS = {
  /** localStorage: this browser's random experiments id (a visitor, for the results). */
  visitor: 'circle-exp-visitor',
  /** localStorage: "circle-exp-exposed-{experiment}" -> "1" once the server has the exposure. */
  exposedPrefix: 'circle-exp-exposed-',
  /** localStorage: "circle-exp-converted-{experiment}" -> "1" once the server has the conversion. */
  convertedPrefix: 'circle-exp-converted-',
} as const;

export type ExperimentName = 'ranking_v1' | 'intro_v1';

/** This browser's experiments id, kept in localStorage. */
export function experimentVisitorKey(): string {
  const stored = readStorage('local', EXPERIMENT_KEYS.visitor);
  if (stored && stored.length >= 8 && stored.length <= 64) return stored;
  const key = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  writeStorage('local', EXPERIMENT_KEYS.visitor, key);
  return key;
}

const pending = new Set<string>();

/** Sends a record once per browser: marked done when the server answers, retried on a later call after a failure. */
function once(flag: string, send: () => Promise<unknown>): void {
  if (readStorage('local', flag) === '1' || pending.has(flag)) return;
  pending.add(flag);
  void send()
    .then(() => writeStorage('local', flag, '1'))
    .catch(() => undefined)
    .finally(() => pending.delete(flag));
}

/** Records the arm this browser sees (the first one only: the server keeps one per visitor). */
export function recordExposure(experiment: ExperimentName, arm: string): void {
  once(EXPERIMENT_KEYS.exposedPrefix + experiment, () =>
    unwrap(api.POST('/api/experiments/{experiment}/exposures', { params: { path: { experiment } }, body: { arm, visitor_key: experimentVisitorKey() } })),
  );
}

/** Records a conversion of this browser, only when it was exposed to the experiment. */
export function recordConversion(experiment: ExperimentName): void {
  if (readStorage('local', EXPERIMENT_KEYS.exposedPrefix + experiment) !== '1') return;
  once(EXPERIMENT_KEYS.convertedPrefix + experiment, () =>
    unwrap(api.POST('/api/experiments/{experiment}/conversions', { params: { path: { experiment } }, body: { visitor_key: experimentVisitorKey() } })),
  );
}

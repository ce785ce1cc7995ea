import { solvePow, type PowChallenge } from './pow';

/** Solves one challenge off the main thread and posts {nonce} or {error}. */
self.onmessage = (e: MessageEvent<PowChallenge>) => {
  solvePow(e.data).then(
    (nonce) => self.postMessage({ nonce }),
    (err: unknown) => self.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
};

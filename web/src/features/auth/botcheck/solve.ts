import { solvePow, type PowChallenge } from './pow';

export interface RunningSolve {
  promise: Promise<number>;
  cancel(): void;
}

/**
 * Solves a challenge in a Web Worker (so typing stays smooth); where workers are unavailable it
 * solves on the page in small asynchronous rounds. Throws "render" when the worker cannot start.
 */
export function startSolve(challenge: PowChallenge): RunningSolve {
  if (typeof Worker === 'undefined') {
    let stop = false;
    return { promise: solvePow(challenge, { cancelled: () => stop }), cancel: () => (stop = true) };
  }
  let worker: Worker;
  try {
    worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return { promise: Promise.reject(new Error('render')), cancel: () => undefined };
  }
  const promise = new Promise<number>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ nonce?: number; error?: string }>) => {
      worker.terminate();
      if (typeof e.data.nonce === 'number') resolve(e.data.nonce);
      else reject(new Error(e.data.error ?? 'failed'));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      reject(new Error('render'));
    };
    worker.postMessage(challenge);
  });
  return { promise, cancel: () => worker.terminate() };
}

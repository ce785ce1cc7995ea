/**
 * The built-in bot check (proof of work): find the smallest nonce such that
 * SHA-256(salt + decimal nonce) starts with `difficulty` zero bits, then send the challenge and
 * the nonce as base64url JSON (docs/decisions.md, "Bot check").
 */

export interface PowChallenge {
  id: string;
  salt: string;
  difficulty: number;
  expires_at: number;
  signature: string;
}

export type Digest = (data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer | Uint8Array>;

/** Leading zero bits of a hash. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const b of hash) {
    if (b === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(b) - 24;
  }
  return bits;
}

// A small synchronous SHA-256 for pages without crypto.subtle (plain-HTTP hosts other than
// localhost are not a secure context).
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

export function sha256Sync(data: Uint8Array): Uint8Array {
  const len = data.length;
  const total = Math.ceil((len + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  buf.set(data);
  buf[len] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 4, (len * 8) >>> 0);
  view.setUint32(total - 8, Math.floor((len * 8) / 0x100000000));
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15] ?? 0;
      const w2 = w[i - 2] ?? 0;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0] ?? 0, h[1] ?? 0, h[2] ?? 0, h[3] ?? 0, h[4] ?? 0, h[5] ?? 0, h[6] ?? 0, h[7] ?? 0];
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[i] ?? 0) + (w[i] ?? 0)) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = ((h[0] ?? 0) + a) >>> 0;
    h[1] = ((h[1] ?? 0) + b) >>> 0;
    h[2] = ((h[2] ?? 0) + c) >>> 0;
    h[3] = ((h[3] ?? 0) + d) >>> 0;
    h[4] = ((h[4] ?? 0) + e) >>> 0;
    h[5] = ((h[5] ?? 0) + f) >>> 0;
    h[6] = ((h[6] ?? 0) + g) >>> 0;
    h[7] = ((h[7] ?? 0) + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i] ?? 0);
  return out;
}

/** crypto.subtle when the page is a secure context, else the synchronous fallback. */
export function defaultDigest(): Digest {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return (data) => subtle.digest('SHA-256', data);
  return async (data) => sha256Sync(data);
}

export interface SolveOptions {
  digest?: Digest;
  /** Hashes computed concurrently per round (crypto.subtle is asynchronous). */
  batch?: number;
  /** Checked between rounds: stop and throw "cancelled". */
  cancelled?: () => boolean;
  /** Give up after this many nonces (tests). */
  maxNonce?: number;
}

/** Finds the smallest nonce that solves the challenge. */
export async function solvePow(c: Pick<PowChallenge, 'salt' | 'difficulty'>, opts: SolveOptions = {}): Promise<number> {
  const digest = opts.digest ?? defaultDigest();
  const batch = opts.batch ?? 256;
  const max = opts.maxNonce ?? Number.MAX_SAFE_INTEGER;
  const enc = new TextEncoder();
  for (let start = 0; start <= max; start += batch) {
    if (opts.cancelled?.()) throw new Error('cancelled');
    const n = Math.min(batch, max - start + 1);
    const hashes = await Promise.all(
      Array.from({ length: n }, (_, i) => digest(enc.encode(c.salt + String(start + i)))),
    );
    for (let i = 0; i < n; i++) {
      const h = hashes[i];
      if (h && leadingZeroBits(h instanceof Uint8Array ? h : new Uint8Array(h)) >= c.difficulty) return start + i;
    }
  }
  throw new Error('no solution');
}

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bot token: base64url (no padding) of {id, salt, difficulty, expires_at, signature, nonce}. */
export function powToken(c: PowChallenge, nonce: number): string {
  const { id, salt, difficulty, expires_at, signature } = c;
  return base64url(JSON.stringify({ id, salt, difficulty, expires_at, signature, nonce }));
}

import { describe, expect, it } from 'vitest';
import { leadingZeroBits, powToken, sha256Sync, solvePow } from './pow';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

async function subtleHash(s: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
}

describe('F-AUTH-05 proof-of-work bot check', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x00]))).toBe(24);
  });

  it('the synchronous SHA-256 fallback matches crypto.subtle (and the standard vectors)', async () => {
    expect(hex(sha256Sync(new TextEncoder().encode('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256Sync(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const s of ['salt0', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'héllo wörld 123']) {
      expect(hex(sha256Sync(new TextEncoder().encode(s)))).toBe(hex(await subtleHash(s)));
    }
  });

  it('finds the smallest nonce whose SHA-256(salt + nonce) has the required zero bits', async () => {
    const salt = 'AbCdEf123456';
    const nonce = await solvePow({ salt, difficulty: 8 });
    expect(leadingZeroBits(await subtleHash(salt + String(nonce)))).toBeGreaterThanOrEqual(8);
    for (let n = 0; n < nonce; n++) {
      expect(leadingZeroBits(await subtleHash(salt + String(n))), `nonce ${n}`).toBeLessThan(8);
    }
    // The fallback digest gives the same answer.
    expect(await solvePow({ salt, difficulty: 8 }, { digest: async (d) => sha256Sync(d), batch: 7 })).toBe(nonce);
  });

  it('stops when cancelled', async () => {
    await expect(solvePow({ salt: 's', difficulty: 40 }, { cancelled: () => true })).rejects.toThrow('cancelled');
  });

  it('the token is base64url JSON of the challenge and the nonce, without padding', () => {
    const c = { id: 'id-1', salt: 'salt', difficulty: 16, expires_at: 1_900_000_000, signature: 'ab12' };
    const token = powToken(c, 12345);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const json = atob(token.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((token.length + 3) % 4));
    expect(JSON.parse(json)).toEqual({ ...c, nonce: 12345 });
  });
});

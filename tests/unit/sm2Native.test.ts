import { describe, expect, it } from 'vitest';
import smCrypto from 'sm-crypto';
import { sm2Decrypt, sm2KeyPair } from '../../server/platform/lib/sm2Native.js';

const { sm2 } = smCrypto;

describe('native SM2 decryption', () => {
  const keys = sm2.generateKeyPairHex();

  it('reads what the browser library encrypts, for ASCII and Chinese text', () => {
    for (const text of ['lisi', 'Idaas@2026', '张三的密码#2026', 'x'.repeat(200)]) {
      expect(sm2Decrypt(sm2.doEncrypt(text, keys.publicKey, 1), keys.privateKey)).toBe(text);
    }
  });

  it('reads a ciphertext whichever of the two points with its x the shared point is', () => {
    // Half the shared points have an odd y: 24 fresh encryptions miss one parity once in 8 million runs.
    const texts = Array.from({ length: 24 }, (_, i) => `secret-${i}`);
    expect(texts.map((text) => sm2Decrypt(sm2.doEncrypt(text, keys.publicKey, 1), keys.privateKey))).toEqual(texts);
  });

  it('refuses a tampered ciphertext, a foreign key and garbage', () => {
    const cipher = sm2.doEncrypt('Idaas@2026', keys.publicKey, 1);
    const flipped = cipher.slice(0, -2) + (cipher.endsWith('00') ? '01' : '00');
    expect(sm2Decrypt(flipped, keys.privateKey)).toBeNull();
    expect(sm2Decrypt(cipher, sm2.generateKeyPairHex().privateKey)).toBeNull();
    expect(sm2Decrypt('abcdef', keys.privateKey)).toBeNull();
    expect(sm2Decrypt('00'.repeat(120), keys.privateKey)).toBeNull();
  });

  it('makes key pairs the browser library encrypts to: 64-digit private keys, 04 ‖ X ‖ Y public keys', () => {
    for (let i = 0; i < 20; i++) {
      const pair = sm2KeyPair();
      expect(pair.privateKey).toMatch(/^[0-9a-f]{64}$/);
      expect(pair.publicKey).toMatch(/^04[0-9a-f]{128}$/);
      // The public key is d·G: what sm-crypto signs with the private key verifies against it.
      expect(sm2.doVerifySignature('proof', sm2.doSignature('proof', pair.privateKey, { hash: true }), pair.publicKey, { hash: true })).toBe(true);
      expect(sm2Decrypt(sm2.doEncrypt('Idaas@2026', pair.publicKey, 1), pair.privateKey)).toBe('Idaas@2026');
    }
  });
});

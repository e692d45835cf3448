import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransport, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CODE } from '../../contract/codes.js';
import { FACTOR_LIMITS, type AuthenticationCredential, type RegistrationCredential, type WebauthnOptions } from '../../contract/schemas/factors.js';
import { AppError } from '../platform/lib/errors.js';
import { MINUTE } from '../platform/lib/clock.js';
import type { Challenge, PasskeyRow } from './repository.js';
import type { ServiceContext } from '../composition/context.js';
import type { SecretsService } from '../platform/secrets.js';

/** What a ceremony is for; a challenge made for one purpose cannot finish another. */
export type CeremonyPurpose = 'login' | 'second' | 'reauth' | 'register' | 'enrol';
/** Who and what the ceremony belongs to: a user (none for passwordless), and the srmi or session it was started from. */
export interface CeremonyOwner { userRef: number | null; binding: string | null }

const TIMEOUT_MS = FACTOR_LIMITS.challengeMinutes * MINUTE;
const failed = () => new AppError(CODE.passkeyFailed);
const parseTransports = (json: string): AuthenticatorTransport[] => {
  try {
    return JSON.parse(json) as AuthenticatorTransport[];
  } catch {
    return [];
  }
};

/** The challenge a browser signed over, read from its clientDataJSON (verified again by the library). */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof parsed.challenge === 'string' && parsed.challenge.length > 0 && parsed.challenge.length <= 100) return parsed.challenge;
  } catch {
    // Not JSON: refused below like any other unverifiable answer.
  }
  throw failed();
}

/**
 * WebAuthn ceremonies with @simplewebauthn/server. The relying party is the public URL (its host
 * name is the RP id, its origin the only origin accepted); user verification is required, so a
 * passkey is two factors in itself. Challenges are taken once and within 10 minutes; those of a
 * known user live in the database, bound to the user and to the ticket or session that asked.
 */
export function webauthnCeremonies(ctx: ServiceContext, secrets: SecretsService) {
  const publicUrl = new URL(ctx.config.publicUrl);
  const rpID = publicUrl.hostname;
  const origin = publicUrl.origin;
  const repo = ctx.repos.factors;

  /** The WebAuthn user.id of a user: stable, opaque (it says nothing about the account), the same on every instance. */
  async function userHandle(userRef: number): Promise<string> {
    return Buffer.from((await secrets.digest('webauthn-user', String(userRef))).slice(0, 64), 'hex').toString('base64url');
  }

  async function keep(challenge: string, purpose: CeremonyPurpose, owner: CeremonyOwner): Promise<void> {
    const now = ctx.clock.now();
    await repo.challengeCreate({ challenge, purpose, userRef: owner.userRef, binding: owner.binding, expiresAt: now + TIMEOUT_MS }, now);
  }

  /** Takes the challenge the answer was made for; E11011 when it was used, has expired, or belongs to someone else. */
  async function take(clientDataJSON: string, purpose: CeremonyPurpose, owner: CeremonyOwner): Promise<Challenge> {
    const found = await repo.challengeTake(challengeOf(clientDataJSON), purpose, ctx.clock.now());
    if (!found || found.userRef !== owner.userRef || found.binding !== owner.binding) throw new AppError(CODE.passkeyChallengeExpired);
    return found;
  }

  /*
   * A passwordless sign-in asks for its challenge before anyone is known, so anybody may ask as
   * often as they like: that challenge is not stored but signed (random bytes, its expiry, an
   * HMAC over both and the purpose), and written down only when an answer uses it, once.
   */
  const SIGNED = { nonce: 16, expiry: 8, mac: 16 };
  const macOf = async (purpose: CeremonyPurpose, body: Buffer) =>
    Buffer.from((await secrets.digest('webauthn-challenge', `${purpose}:${body.toString('base64url')}`)).slice(0, SIGNED.mac * 2), 'hex');

  async function signedChallenge(purpose: CeremonyPurpose): Promise<Uint8Array<ArrayBuffer>> {
    const expiry = Buffer.alloc(SIGNED.expiry);
    expiry.writeBigUInt64BE(BigInt(ctx.clock.now() + TIMEOUT_MS));
    const body = Buffer.concat([randomBytes(SIGNED.nonce), expiry]);
    return new Uint8Array(Buffer.concat([body, await macOf(purpose, body)]));
  }

  /** Checks a signed challenge and records its use; E11011 when it is forged, expired or used. */
  async function takeSigned(clientDataJSON: string, purpose: CeremonyPurpose): Promise<void> {
    const challenge = challengeOf(clientDataJSON);
    const raw = Buffer.from(challenge, 'base64url');
    const expired = () => new AppError(CODE.passkeyChallengeExpired);
    if (raw.length !== SIGNED.nonce + SIGNED.expiry + SIGNED.mac) throw expired();
    const body = raw.subarray(0, SIGNED.nonce + SIGNED.expiry);
    if (!timingSafeEqual(raw.subarray(body.length), await macOf(purpose, body))) throw expired();
    const expiresAt = Number(body.readBigUInt64BE(SIGNED.nonce));
    const now = ctx.clock.now();
    // Recorded in canonical form: another spelling of the same bytes is the same challenge.
    if (expiresAt <= now || !(await repo.challengeUse(raw.toString('base64url'), `${purpose}-used`, expiresAt, now))) throw expired();
  }

  /** A ceremony nobody is known for yet (passwordless sign-in) gets a signed challenge; any other a stored one. */
  const unowned = (owner: CeremonyOwner) => owner.userRef === null && owner.binding === null;

  return {
    rpID,
    origin,
    userHandle,

    async registrationOptions(user: { id: number; account: string; userName: string }, purpose: 'register' | 'enrol', binding: string, rpName: string): Promise<WebauthnOptions> {
      const existing = await repo.passkeys(user.id);
      const options = await generateRegistrationOptions({
        rpName, rpID, userName: user.account, userDisplayName: user.userName,
        userID: Buffer.from(await userHandle(user.id), 'base64url'),
        attestationType: 'none', timeout: TIMEOUT_MS,
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })),
        // A discoverable credential, so the same passkey also signs in without a password.
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      await keep(options.challenge, purpose, { userRef: user.id, binding });
      return { options: { ...options } };
    },

    /** A verified new credential, ready to store; E11010 when it does not verify, E11011 for a spent challenge. */
    async verifyRegistration(credential: RegistrationCredential, purpose: 'register' | 'enrol', owner: CeremonyOwner & { userRef: number }) {
      const challenge = await take(credential.response.clientDataJSON, purpose, owner);
      const result = await verifyRegistrationResponse({
        response: credential as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true,
      }).catch(() => {
        throw failed();
      });
      if (!result.verified) throw failed();
      const info = result.registrationInfo;
      return {
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: (credential.response.transports ?? info.credential.transports ?? []).slice(0, 10),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        userHandle: await userHandle(owner.userRef),
      };
    },

    /** Options for a sign-in or re-authentication: the user's passkeys, or none named (a discoverable credential). */
    async authenticationOptions(purpose: 'login' | 'second' | 'reauth', owner: CeremonyOwner): Promise<WebauthnOptions> {
      const allow = owner.userRef === null ? [] : await repo.passkeys(owner.userRef);
      if (owner.userRef !== null && !allow.length) throw new AppError(CODE.factorNotSetUp);
      const options = await generateAuthenticationOptions({
        rpID, userVerification: 'required', timeout: TIMEOUT_MS,
        ...(unowned(owner) ? { challenge: await signedChallenge(purpose) } : {}),
        ...(allow.length ? { allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })) } : {}),
      });
      if (!unowned(owner)) await keep(options.challenge, purpose, owner);
      return { options: { ...options } };
    },

    /**
     * The passkey that signed this assertion, its use recorded; E11012 when it is not registered
     * (or belongs to another user than `owner`), E11010 when the signature, user verification or
     * counter do not hold.
     */
    async verifyAuthentication(credential: AuthenticationCredential, purpose: 'login' | 'second' | 'reauth', owner: CeremonyOwner): Promise<PasskeyRow> {
      if (unowned(owner)) await takeSigned(credential.response.clientDataJSON, purpose);
      else await take(credential.response.clientDataJSON, purpose, owner);
      const passkey = await repo.passkeyByCredential(credential.id);
      if (!passkey || (owner.userRef !== null && passkey.user_ref !== owner.userRef)) throw new AppError(CODE.passkeyUnknown);
      // A discoverable credential names its user: it must be the one the passkey was made for.
      if (credential.response.userHandle && credential.response.userHandle !== passkey.user_handle) throw failed();
      const challengeText = challengeOf(credential.response.clientDataJSON);
      const result = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challengeText, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true,
        credential: { id: passkey.credential_id, publicKey: Buffer.from(passkey.public_key, 'base64url'), counter: Number(passkey.counter), transports: parseTransports(passkey.transports) },
      }).catch(() => {
        throw failed();
      });
      if (!result.verified || !result.authenticationInfo.userVerified) throw failed();
      const { newCounter, credentialBackedUp } = result.authenticationInfo;
      if (!(await repo.passkeyUsed(passkey.id, newCounter, credentialBackedUp, ctx.clock.now()))) throw failed();
      return passkey;
    },
  };
}

export type WebauthnCeremonies = ReturnType<typeof webauthnCeremonies>;

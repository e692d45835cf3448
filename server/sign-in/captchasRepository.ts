import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/** A captcha's answer as kept server-side. */
export interface StoredCaptcha {
  kind: string;
  answer: string;
  expiresAt: number;
}

export function captchasRepo(db: Kysely<Database>) {
  return {
    async create(id: string, kind: string, answer: string, now: number, expiresAt: number): Promise<void> {
      await db.insertInto('captchas').values({ id, kind, answer, created_at: now, expires_at: expiresAt }).execute();
    },
    /** Removes and returns a captcha: whoever takes it first is the only one who can use it. */
    take(id: string): Promise<StoredCaptcha | undefined> {
      return db.deleteFrom('captchas').where('id', '=', id).returning(['kind', 'answer', 'expires_at as expiresAt']).executeTakeFirst();
    },
    peek(id: string): Promise<StoredCaptcha | undefined> {
      return db.selectFrom('captchas').select(['kind', 'answer', 'expires_at as expiresAt']).where('id', '=', id).executeTakeFirst();
    },
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/**
 * Whether deleting a person would take others' records with it or leave them pointing at
 * nobody: groups or mailboxes they manage, people they manage, applications they approve,
 * requests they decided, administrators' changes they made, live provisioning tokens. The
 * workbench and provisioning (SCIM) refuse such a delete alike: the account is disabled instead.
 */
export async function holdsRecords(db: Kysely<Database>, userRef: number): Promise<boolean> {
  const found = await Promise.all([
    db.selectFrom('mail_groups').select('id').where('manager_user_ref', '=', userRef).limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').where((eb) => eb.or([eb('mailbox_manager_ref', '=', userRef), eb('manager_user_ref', '=', userRef)])).limit(1).executeTakeFirst(),
    db.selectFrom('app_approvers').select('user_ref as id').where('user_ref', '=', userRef).limit(1).executeTakeFirst(),
    db.selectFrom('apply_requests').select('id').where('approval_user_ref', '=', userRef).limit(1).executeTakeFirst(),
    db.selectFrom('operation_log').select('id').where('user_ref', '=', userRef).where('target', 'is not', null).limit(1).executeTakeFirst(),
    db.selectFrom('scim_tokens').select('id').where('created_by', '=', userRef).where('revoked_at', 'is', null).limit(1).executeTakeFirst(),
  ]);
  return found.some((row) => row !== undefined);
}

/**
 * Deletes the account; what is only theirs (sessions, devices, memberships, requests) goes with it.
 * Their sign-in and operation log rows stay: they are the audit trail (user_ref keeps the id).
 */
export async function deleteUser(db: Kysely<Database>, userRef: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userRef).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

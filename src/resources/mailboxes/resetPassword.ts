import { paths } from '../../../contract/paths';
import { http } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';

/** A policy refusal; the dialog shows it in place, so the http layer does not toast it. */
export const POLICY_REFUSED = 'E10701';

/**
 * Sets a public mailbox's password: the typed one (SM2-encrypted), or one the server generates
 * and returns this once. Called directly rather than through Refine's custom mutation so the
 * policy refusal can be kept out of the toast.
 */
export async function resetMailboxPassword(userId: string, password: string | null): Promise<string | null> {
  const body = password === null ? { userId, autoGen: true } : { userId, autoGen: false, newPassword: await sm2Client.encrypt(password) };
  return http.post<string | null>(paths.personal.pubMailResetPwd, body, { silent: [POLICY_REFUSED] });
}

/** Copies text to the clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

import { CODE_GROUPS } from '../../../contract/codes';
import { paths } from '../../../contract/paths';
import { http } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';

/**
 * Sets a public mailbox's password: the typed one (SM2-encrypted), or one the server generates
 * and returns this once. Called directly rather than through Refine's custom mutation so the
 * policy refusals, which the dialog shows in place, can be kept out of the toast.
 */
export async function resetMailboxPassword(userId: string, password: string | null): Promise<string | null> {
  const body = password === null ? { userId, autoGen: true } : { userId, autoGen: false, newPassword: await sm2Client.encrypt(password) };
  return http.post<string | null>(paths.personal.pubMailResetPwd, body, { silent: CODE_GROUPS.passwordPolicy });
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

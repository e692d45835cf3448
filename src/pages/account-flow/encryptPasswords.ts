import type { NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { sm2Client } from '../../shared/providers/sm2';

/** A new password and its repetition, SM2-encrypted for a password change. */
export async function encryptPair({ newPassword, repeatNewPassword }: NewPasswordValues): Promise<NewPasswordValues> {
  const [a, b] = await Promise.all([sm2Client.encrypt(newPassword), sm2Client.encrypt(repeatNewPassword)]);
  return { newPassword: a, repeatNewPassword: b };
}

/** The same with the current password, for a change by the old one. */
export async function encryptWithOld(oldPassword: string, pair: NewPasswordValues) {
  const [old, rest] = await Promise.all([sm2Client.encrypt(oldPassword), encryptPair(pair)]);
  return { oldPassword: old, ...rest };
}

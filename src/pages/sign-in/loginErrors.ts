/** Refusals shown as a warning under the form, with the server's own message (sign-in spec §8). */
export const WARNING_CODES: ReadonlySet<string> = new Set([
  'E30002', 'E30051', 'E30053', 'E30054', 'E30055', 'E30056', 'E30057', 'E30065', 'E30075', 'E30076',
]);

/** The password must (E30067) or should (E30058) be changed: data.srmi opens /resetPassword. */
export const CHANGE_PASSWORD_CODES: ReadonlySet<string> = new Set(['E30058', 'E30067']);

export const CAPTCHA_REQUIRED = 'E30127';
export const CAPTCHA_WRONG = 'E10802';

export function resetPasswordPath(requestId: string | null | undefined): string {
  return requestId ? `/resetPassword?requestId=${encodeURIComponent(requestId)}` : '/resetPassword';
}

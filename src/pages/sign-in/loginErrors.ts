import { withReturnPath } from '../../shared/providers/returnPath';

/** The password change a sign-in was sent to (expired, must change, or the expiry reminder), keeping the way back. */
export function resetPasswordPath(requestId: string | null | undefined, returnTo: string | null = null): string {
  return withReturnPath(requestId ? `/resetPassword?requestId=${encodeURIComponent(requestId)}` : '/resetPassword', returnTo);
}

import { useCallback } from 'react';
import type { LoginResponse } from '../../../contract/schemas/auth';
import { useCompleteLogin } from '../account-flow/useCompleteLogin';
import { useTicketExpired } from '../account-flow/useTicketExpired';

/** What every factor panel does with an answer: open the session and go on; leave on an expired ticket. */
export function useFactorSignIn(appId: string | null, returnTo: string | null) {
  const completeLogin = useCompleteLogin();
  const { handle } = useTicketExpired(returnTo);
  const finish = useCallback((response: LoginResponse) => completeLogin(response, appId, returnTo), [appId, completeLogin, returnTo]);
  return { finish, expired: handle };
}

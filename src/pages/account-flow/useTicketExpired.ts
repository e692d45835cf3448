import { App } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { CODE } from '../../../contract/codeNames';
import { errorCode } from '../../shared/providers/apiError';
import { loginAddress } from '../../shared/providers/returnPath';
import { useTranslation } from 'react-i18next';

/**
 * The sign-in ticket (srmi / requestId) of a public flow expired or is unknown: say the page
 * stayed open too long and go back to /login, keeping the sign-in's return path (`returnTo`).
 * Returns whether it handled the error, so a caller can fall through to its own handling for
 * every other code.
 */
export function useTicketExpired(returnTo: string | null = null) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useCallback(() => {
    void message.warning(t('session.stayedTooLong'));
    navigate(loginAddress(returnTo), { replace: true });
  }, [message, navigate, returnTo, t]);
  const handle = useCallback(
    (error: unknown): boolean => {
      if (errorCode(error) !== CODE.ticketExpired) return false;
      leave();
      return true;
    },
    [leave],
  );
  return { handle, leave };
}

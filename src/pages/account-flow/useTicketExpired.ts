import { useTranslation } from '@refinedev/core';
import { App } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { CODE } from '../../../contract/codes';
import { LOGIN_PATH } from '../../config';
import { errorCode } from '../../providers/apiError';

/**
 * The sign-in ticket (srmi / requestId) of a public flow expired or is unknown: say the page
 * stayed open too long and go back to /login. Returns whether it handled the error, so a
 * caller can fall through to its own handling for every other code.
 */
export function useTicketExpired() {
  const { translate: t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useCallback(() => {
    void message.warning(t('session.stayedTooLong'));
    navigate(LOGIN_PATH, { replace: true });
  }, [message, navigate, t]);
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

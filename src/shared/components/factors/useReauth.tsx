import { useCallback, useRef, useState } from 'react';
import { CODE } from '../../../../contract/codeNames';
import type { ReauthMethod } from '../../../../contract/schemas/factors';
import { errorCode } from '../../providers/apiError';
import { ReauthDialog } from './ReauthDialog';

/** The person closed the re-authentication dialog: the action is simply not done. */
export class ReauthCancelled extends Error {
  constructor() {
    super('re-authentication cancelled');
    this.name = 'ReauthCancelled';
  }
}

/**
 * Runs an action that needs a recent re-authentication: when the server answers E11030 the
 * dialog asks the person to prove it is them, and the action is retried once they have. The
 * action's mutation lists E11030 as quiet (REAUTH_QUIET), so nobody toasts it. `dialog` goes
 * into the page once.
 */
export function useReauth(methods: readonly ReauthMethod[]) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);

  const guarded = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (errorCode(error) !== CODE.reauthRequired) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const settle = (ok: boolean) => {
    setOpen(false);
    const pending = waiting.current;
    waiting.current = null;
    if (ok) pending?.resolve();
    else pending?.reject(new ReauthCancelled());
  };

  const dialog = <ReauthDialog open={open} methods={methods} onDone={() => settle(true)} onCancel={() => settle(false)} />;
  return { guarded, dialog };
}

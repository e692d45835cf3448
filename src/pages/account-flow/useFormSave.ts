import { useCallback, useState } from 'react';
import { codeIn, type ResultCode } from '../../../contract/codes';
import { errorCode } from '../../providers/apiError';

/**
 * One save at a time for a form: a refusal the server explained (a code in `explained`) goes to
 * the form's own alert; anything else to onError (expired tickets), the http layer having
 * toasted the rest.
 */
export function useFormSave(explained: readonly ResultCode[], onError: (error: unknown) => void) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (call: () => Promise<void>) => {
      setSaving(true);
      setError(null);
      try {
        await call();
      } catch (failure) {
        if (codeIn(explained, errorCode(failure))) setError((failure as Error).message);
        else onError(failure);
      } finally {
        setSaving(false);
      }
    },
    [explained, onError],
  );
  return { saving, error, setError, run };
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCeremonyError } from '../../hooks/webauthn';
import { ceremonyText } from './ceremonyText';

/**
 * A passkey ceremony started by a click (options from the server, the browser's own dialog, the
 * answer to the server), with its busy state and the problem to show next to the button: a
 * browser-side failure in words (ceremonyText), a server refusal by its message. `handled`
 * takes errors the caller deals with itself (an expired step, say). On success the button stays
 * busy: what follows (closing a dialog, leaving the page) takes it away.
 */
export function usePasskeyCeremony() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(ceremony: () => Promise<void>, handled: (error: unknown) => boolean = () => false): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      await ceremony();
    } catch (error) {
      setBusy(false);
      if (handled(error)) return;
      setProblem(isCeremonyError(error) ? ceremonyText(error, t) : error instanceof Error ? error.message : String(error));
    }
  }

  return { run, busy, problem };
}

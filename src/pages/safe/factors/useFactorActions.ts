import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { codeIn } from '../../../../contract/codeNames';
import { factorEndpoints as ep } from '../../../../contract/endpoints/factors';
import type { RecoveryCodes, ReauthMethod, TotpEnrolment } from '../../../../contract/schemas/factors';
import { ceremonyText } from '../../../shared/components/factors/ceremonyText';
import { PASSKEY_REFUSALS, REAUTH_QUIET, TOTP_REFUSALS } from '../../../shared/components/factors/codes';
import { ReauthCancelled, useReauth } from '../../../shared/components/factors/useReauth';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { createPasskey, isCeremonyError } from '../../../shared/hooks/webauthn';
import { errorCode } from '../../../shared/providers/apiError';
import { useTranslation } from 'react-i18next';

/**
 * Adding, removing and regenerating factors on /safe. Each goes through useReauth: the server's
 * E11030 opens the "confirm it is you" dialog and the action runs again once the person has.
 * `onChanged` reloads the card and the score.
 */
export function useFactorActions(methods: readonly ReauthMethod[], onChanged: () => void) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const { guarded, dialog } = useReauth(methods);
  const quiet = { quiet: REAUTH_QUIET };
  const totpStart = useEndpointMutation(ep.totpStart, quiet);
  const totpConfirm = useEndpointMutation(ep.totpConfirm, { quiet: [...REAUTH_QUIET, ...TOTP_REFUSALS], success: t('factors.totp.added') });
  const totpRemove = useEndpointMutation(ep.totpRemove, { ...quiet, success: t('factors.totp.removed') });
  const passkeyOptions = useEndpointMutation(ep.passkeyOptions, { quiet: [...REAUTH_QUIET, ...PASSKEY_REFUSALS] });
  const passkeyRegister = useEndpointMutation(ep.passkeyRegister, { quiet: [...REAUTH_QUIET, ...PASSKEY_REFUSALS], success: t('factors.passkeys.added') });
  const passkeyRemove = useEndpointMutation(ep.passkeyRemove, { ...quiet, success: t('factors.passkeys.removed') });
  const generate = useEndpointMutation(ep.recoveryCodesGenerate, quiet);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const [addingPasskey, setAddingPasskey] = useState(false);
  const [creating, setCreating] = useState(false);

  /** A refusal the hook did not toast (quiet), or a browser-side failure: said once here. */
  function report(error: unknown) {
    if (error instanceof ReauthCancelled) return;
    if (!isCeremonyError(error) && !codeIn(PASSKEY_REFUSALS, errorCode(error))) return;
    const text = isCeremonyError(error) ? ceremonyText(error, t) : error instanceof Error ? error.message : String(error);
    notify?.({ type: 'error', message: text });
  }

  async function startTotp() {
    try {
      setEnrolment(await guarded(() => totpStart.submit({})));
    } catch (error) {
      if (!(error instanceof ReauthCancelled) && isCeremonyError(error)) report(error);
    }
  }

  async function confirmTotp(code: string): Promise<string | null> {
    try {
      await guarded(() => totpConfirm.submit({ code }));
    } catch (error) {
      if (error instanceof ReauthCancelled) return null;
      return error instanceof Error ? error.message : String(error);
    }
    setEnrolment(null);
    onChanged();
    return null;
  }

  async function removeTotp() {
    await guarded(() => totpRemove.submit({})).then(onChanged, (error: unknown) => {
      if (error instanceof ReauthCancelled) return;
      onChanged();
    });
  }

  async function createPasskeyNamed(name: string) {
    setCreating(true);
    try {
      const { options } = await guarded(() => passkeyOptions.submit({}));
      const credential = await createPasskey(options);
      await guarded(() => passkeyRegister.submit({ name, credential }));
      setAddingPasskey(false);
      onChanged();
    } catch (error) {
      report(error);
    } finally {
      setCreating(false);
    }
  }

  async function removePasskey(id: number) {
    await guarded(() => passkeyRemove.submit({ id })).then(onChanged, (error: unknown) => {
      if (error instanceof ReauthCancelled) return;
      onChanged();
    });
  }

  async function generateCodes() {
    try {
      setCodes(await guarded(() => generate.submit({})));
      onChanged();
    } catch (error) {
      if (!(error instanceof ReauthCancelled) && isCeremonyError(error)) report(error);
    }
  }

  return {
    dialog,
    totp: { enrolment, start: startTotp, confirm: confirmTotp, confirming: totpConfirm.isPending, cancel: () => setEnrolment(null), remove: removeTotp, starting: totpStart.isPending },
    passkeys: { adding: addingPasskey, open: () => setAddingPasskey(true), close: () => setAddingPasskey(false), create: createPasskeyNamed, creating, remove: removePasskey },
    recovery: { codes, generate: generateCodes, generating: generate.isPending, close: () => setCodes(null) },
  };
}

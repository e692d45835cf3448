import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codes';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { useRequest } from '../../hooks/useRequest';
import { phoneApi } from './api';

export type ChangeStep = 0 | 1 | 2;

/**
 * The three steps of a phone change on one server ticket: prove the old phone, prove the new
 * one, done. Each code key is kept for the step it was requested in; the server refuses a
 * step taken out of order.
 */
export function useChangePhone() {
  const { t } = useTranslation();
  const ticket = useRequest(phoneApi.changeStart, 'change-phone');
  const [oldForm] = Form.useForm<{ code: string }>();
  const [newForm] = Form.useForm<{ mobileNo: string; code: string }>();
  const [step, setStep] = useState<ChangeStep>(0);
  const [oldKey, setOldKey] = useState('');
  const [sentNew, setSentNew] = useState<{ mobileNo: string; msgCodeKey: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const requestId = ticket.data?.requestId ?? '';

  async function sendOld(): Promise<boolean> {
    if (!requestId) return false;
    try {
      setOldKey((await phoneApi.sendOld(requestId)).msgCodeKey);
      feedback.success(t('safe.messages.codeSent'));
      return true;
    } catch {
      return false;
    }
  }

  /** The number typed in the new-phone form, already checked by the fields. */
  async function sendNew(mobileNo: string): Promise<boolean> {
    try {
      const { msgCodeKey } = await phoneApi.sendNew(requestId, mobileNo);
      setSentNew({ mobileNo, msgCodeKey });
      feedback.success(t('safe.messages.codeSent'));
      return true;
    } catch (failure) {
      if (codeIn(CODE_GROUPS.numberRefusals, errorCode(failure))) newForm.setFields([{ name: 'mobileNo', errors: [(failure as Error).message] }]);
      return false;
    }
  }

  /** Runs a verifying call; a wrong code is said under the code field, other refusals were toasted. */
  async function verify(markWrong: (text: string) => void, call: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    try {
      await call();
      return true;
    } catch (failure) {
      if (errorCode(failure) === CODE.codeWrong) markWrong(t('safe.messages.codeWrong'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function next(): Promise<boolean> {
    if (step === 0) {
      if (!oldKey) {
        feedback.warning(t('safe.messages.getCodeFirst'));
        return false;
      }
      const { code } = await oldForm.validateFields();
      if (await verify((text) => oldForm.setFields([{ name: 'code', errors: [text] }]), () => phoneApi.verifyOld(requestId, oldKey, code))) setStep(1);
      return false;
    }
    if (step === 1) {
      const { mobileNo, code } = await newForm.validateFields();
      if (!sentNew || sentNew.mobileNo !== mobileNo) {
        feedback.warning(t('safe.messages.getCodeFirst'));
        return false;
      }
      if (await verify((text) => newForm.setFields([{ name: 'code', errors: [text] }]), () => phoneApi.setNew(requestId, sentNew.msgCodeKey, code))) setStep(2);
      return false;
    }
    return true;
  }

  return { ticket, step, oldForm, newForm, sendOld, sendNew, next, busy, newMobile: sentNew?.mobileNo ?? '' };
}

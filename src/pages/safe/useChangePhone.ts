import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { CODE } from '../../../contract/codeNames';
import { securityEndpoints as security } from '../../../contract/endpoints/security';
import { explainedCodes, showOnField } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation, useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { codeWrongField, NUMBER_SEND_FIELDS } from './api';
import { useTranslation } from 'react-i18next';

export type ChangeStep = 0 | 1 | 2;

/**
 * The three steps of a phone change on one server ticket: prove the old phone, prove the new
 * one, done. Each code key is kept for the step it was requested in; the server refuses a
 * step taken out of order.
 */
export function useChangePhone() {
  const { t } = useTranslation();
  const ticket = useEndpointQuery(security.changeMobileGetPhone, {}, { quiet: true });
  const [oldForm] = Form.useForm<{ code: string }>();
  const [newForm] = Form.useForm<{ mobileNo: string; code: string }>();
  const [step, setStep] = useState<ChangeStep>(0);
  const [oldKey, setOldKey] = useState('');
  const [sentNew, setSentNew] = useState<{ mobileNo: string; msgCodeKey: string } | null>(null);
  const sent = { success: t('safe.messages.codeSent') };
  const sendOld = useEndpointMutation(security.changeMobileSendOld, sent);
  const sendNew = useEndpointMutation(security.changeMobileSendNew, { ...sent, quiet: explainedCodes(NUMBER_SEND_FIELDS) });
  const codeFields = codeWrongField(t('safe.messages.codeWrong'));
  const verifyOld = useEndpointMutation(security.changeMobileVerifyOld, { quiet: explainedCodes(codeFields) });
  const setNew = useEndpointMutation(security.changeMobileSetNew, { quiet: [...explainedCodes(codeFields), CODE.mobileBoundElsewhere] });
  const requestId = ticket.data?.requestId ?? '';

  async function sendOldCode(): Promise<boolean> {
    if (!requestId) return false;
    try {
      setOldKey((await sendOld.submit({ requestId })).msgCodeKey);
      return true;
    } catch {
      return false;
    }
  }

  /** The number typed in the new-phone form, already checked by the fields. */
  async function sendNewCode(mobileNo: string): Promise<boolean> {
    try {
      const { msgCodeKey } = await sendNew.submit({ requestId, mobileNo });
      setSentNew({ mobileNo, msgCodeKey });
      return true;
    } catch (failure) {
      showOnField(newForm, NUMBER_SEND_FIELDS, failure);
      return false;
    }
  }

  const getCodeFirst = (form: FormInstance) => form.setFields([{ name: 'code', errors: [t('safe.messages.getCodeFirst')] }]);

  async function next(): Promise<boolean> {
    if (step === 0) {
      if (!oldKey) {
        getCodeFirst(oldForm);
        return false;
      }
      const { code } = await oldForm.validateFields();
      try {
        await verifyOld.submit({ requestId, msgCodeKey: oldKey, msgValueClient: code });
        setStep(1);
      } catch (failure) {
        showOnField(oldForm, codeFields, failure);
      }
      return false;
    }
    if (step === 1) {
      const { mobileNo, code } = await newForm.validateFields();
      if (!sentNew || sentNew.mobileNo !== mobileNo) {
        getCodeFirst(newForm);
        return false;
      }
      try {
        await setNew.submit({ requestId, msgCodeKey: sentNew.msgCodeKey, msgValueClient: code });
        setStep(2);
      } catch (failure) {
        showOnField(newForm, [...codeFields, [[CODE.mobileBoundElsewhere], 'mobileNo']], failure);
      }
      return false;
    }
    return true;
  }

  return {
    ticket,
    step,
    oldForm,
    newForm,
    sendOld: sendOldCode,
    sendNew: sendNewCode,
    next,
    busy: verifyOld.isPending || setNew.isPending,
    newMobile: sentNew?.mobileNo ?? '',
  };
}

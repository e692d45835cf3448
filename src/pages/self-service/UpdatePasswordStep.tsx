import { LockOutlined } from '@ant-design/icons';

import { Button, Form, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { CODE } from '../../../contract/codeNames';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import { PhoneScene } from '../../../contract/enums';
import { NewPasswordFields, type NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { CODE_FIELD, explainedCodes, NEW_PASSWORD_FIELDS, OLD_PASSWORD_FIELD, showOnField } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { useFormSave } from '../account-flow/useFormSave';
import { useGuardedSend } from '../account-flow/useGuardedSend';
import { oldSaveInput, SEND_AT_CODE, smsSaveInput } from './api';
import type { StepProps } from './StepProps';
import { PasswordInput } from '../../shared/components/PasswordInput';
import { useTranslation } from 'react-i18next';

interface SmsValues extends NewPasswordValues {
  code: string;
}

interface OldValues extends NewPasswordValues {
  oldPassword: string;
}

function SubmitRow({ saving, extra }: { saving: boolean; extra: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
      {extra ?? <span />}
      <Button type="primary" htmlType="submit" loading={saving} data-testid="update-password-save">
        {t('selfService.actions.save')}
      </Button>
    </div>
  );
}

/** UPDATE-PASSWORD: a new password, proven by a code to the bound phone or by the current password. */
export function UpdatePasswordStep({ srmi, active, onDone, onError, canSkip }: StepProps & { canSkip: boolean }) {
  const { t } = useTranslation();
  const [smsForm] = Form.useForm<SmsValues>();
  const [oldForm] = Form.useForm<OldValues>();
  const [smsCodeKey, setSmsCodeKey] = useState('');
  const changed = t('selfService.messages.passwordChanged');
  const bySms = useFormSave(ep.updatePwdBySms, smsForm, [...CODE_FIELD, ...NEW_PASSWORD_FIELDS], { onError, success: changed });
  const byOld = useFormSave(ep.updatePwdByOld, oldForm, [...OLD_PASSWORD_FIELD, ...NEW_PASSWORD_FIELDS], { onError, success: changed });
  const sendSms = useEndpointMutation(ep.sendSmsByScene, { quiet: [CODE.codeWrong, ...explainedCodes(SEND_AT_CODE)], success: t('selfService.messages.sent') });
  const skip = useEndpointMutation(ep.skipStep);
  const codeSend = useGuardedSend((failure) => {
    if (!showOnField(smsForm, SEND_AT_CODE, failure)) onError(failure);
  });

  function send(): Promise<boolean> {
    return codeSend.send(async (captcha) => {
      setSmsCodeKey((await sendSms.submit({ srmi, scene: PhoneScene.UPDATE_PASSWORD, ...captcha })).smsCodeKey);
    });
  }

  async function notNow() {
    try {
      onDone((await skip.submit({ srmi, active })).active, true);
    } catch (failure) {
      onError(failure);
    }
  }

  const skipButton = canSkip ? (
    <Button type="link" style={{ padding: 0 }} disabled={skip.isPending} data-testid="update-password-skip" onClick={() => void notNow()}>
      {t('selfService.actions.notNow')}
    </Button>
  ) : null;

  const smsTab = (
    <Form
      form={smsForm}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => {
        if (!smsCodeKey) return smsForm.setFields([{ name: 'code', errors: [t('selfService.messages.fetchFirst')] }]);
        void bySms.run(smsSaveInput(srmi, active, smsCodeKey, values.code, values.newPassword), (next) => onDone(next.active));
      }}
    >
      <PhoneCodeFields
        code={{
          name: 'code',
          label: t('selfService.fields.code'),
          required: t('selfService.validation.codeRequired'),
          tooLong: t('login.validation.codeTooLong'),
          extra: t('selfService.messages.toBoundPhone'),
          testId: 'update-password-code',
        }}
        onSend={send}
        rowClassName="public-row"
      />
      <NewPasswordFields />
      <SubmitRow saving={bySms.saving} extra={skipButton} />
      <CaptchaPopup {...codeSend.popup} />
    </Form>
  );

  const oldTab = (
    <Form
      form={oldForm}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void byOld.run(oldSaveInput(srmi, values.oldPassword, values.newPassword), (next) => onDone(next.active))}
    >
      <Form.Item name="oldPassword" label={t('selfService.fields.oldPassword')} rules={[{ required: true, message: t('selfService.validation.oldRequired') }]}>
        <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('selfService.validation.oldRequired')} data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields />
      <SubmitRow saving={byOld.saving} extra={skipButton} />
    </Form>
  );

  return (
    <Tabs
      items={[
        { key: 'sms', label: t('selfService.tabs.sms'), children: smsTab },
        { key: 'old', label: t('selfService.tabs.old'), children: oldTab },
      ]}
    />
  );
}

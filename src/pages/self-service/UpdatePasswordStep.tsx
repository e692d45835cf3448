import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_GROUPS, codeIn, type ResultCode } from '../../../contract/codes';
import { PhoneScene } from '../../../contract/enums';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { FormAlert } from '../account-flow/FormAlert';
import { NewPasswordFields, type NewPasswordValues } from '../../components/NewPasswordFields';
import { useFormSave } from '../account-flow/useFormSave';
import { useGuardedSend } from '../account-flow/useGuardedSend';
import { selfServiceApi, STEP_REFUSALS } from './api';
import type { StepProps } from './StepProps';

const PASSWORD_REFUSALS: readonly ResultCode[] = [...STEP_REFUSALS, ...CODE_GROUPS.passwordEntry];

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
  const sms = useFormSave(PASSWORD_REFUSALS, onError);
  const old = useFormSave(PASSWORD_REFUSALS, onError);

  const saved = (next: number) => {
    feedback.success(t('selfService.messages.passwordChanged'));
    onDone(next);
  };

  const codeSend = useGuardedSend((failure) => {
    if (codeIn(STEP_REFUSALS, errorCode(failure))) sms.setError((failure as Error).message);
    else onError(failure);
  });

  function send(): Promise<boolean> {
    sms.setError(null);
    return codeSend.send(async (captcha) => {
      setSmsCodeKey((await selfServiceApi.sendSms(srmi, PhoneScene.UPDATE_PASSWORD, undefined, captcha)).smsCodeKey);
      feedback.success(t('selfService.messages.sent'));
    });
  }

  const notNow = canSkip ? (
    <Button type="link" style={{ padding: 0 }} data-testid="update-password-skip" onClick={() => void old.run(async () => onDone((await selfServiceApi.skip(srmi, active)).active))}>
      {t('selfService.actions.notNow')}
    </Button>
  ) : null;

  const bySms = (
    <Form
      form={smsForm}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => {
        if (!smsCodeKey) return sms.setError(t('selfService.messages.fetchFirst'));
        void sms.run(async () => saved((await selfServiceApi.updateBySms(srmi, values.code, smsCodeKey, values.newPassword, active)).active));
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
      <FormAlert message={sms.error} onClose={() => sms.setError(null)} />
      <SubmitRow saving={sms.saving} extra={notNow} />
      <CaptchaPopup {...codeSend.popup} />
    </Form>
  );

  const byOld = (
    <Form
      form={oldForm}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void old.run(async () => saved((await selfServiceApi.updateByOld(srmi, values.oldPassword, values.newPassword)).active))}
    >
      <Form.Item name="oldPassword" label={t('selfService.fields.oldPassword')} rules={[{ required: true, message: t('selfService.validation.oldRequired') }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('selfService.validation.oldRequired')} data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields />
      <FormAlert message={old.error} onClose={() => old.setError(null)} />
      <SubmitRow saving={old.saving} extra={notNow} />
    </Form>
  );

  return (
    <Tabs
      items={[
        { key: 'sms', label: t('selfService.tabs.sms'), children: bySms },
        { key: 'old', label: t('selfService.tabs.old'), children: byOld },
      ]}
    />
  );
}

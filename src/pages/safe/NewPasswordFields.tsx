import { Form, Input, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../../../contract/rules';
import { useRequest } from '../../hooks/useRequest';
import { passwordApi } from './api';

const METER_COLORS = ['#ff4d4f', '#ff4d4f', '#faad14', '#52c41a'] as const;

/** New password with the strength meter and the policy, and its confirmation, which must match. */
export function NewPasswordFields() {
  const { t } = useTranslation();
  const policy = useRequest(passwordApi.policy, 'policy');
  const value = Form.useWatch<string | undefined>('newPassword') ?? '';
  const { level, lit } = passwordStrength(value);

  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('safe.fields.newPassword')}
        rules={[{ required: true, message: t('safe.validation.newPasswordRequired') }]}
        extra={
          policy.data?.length ? (
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }} data-testid="password-policy">
              {policy.data.map((rule) => <li key={rule}>{rule}</li>)}
            </ul>
          ) : null
        }
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      {value ? (
        <Form.Item label={t('safe.fields.strength')} style={{ marginTop: -8 }}>
          <Progress percent={(lit / 3) * 100} steps={3} showInfo={false} strokeColor={METER_COLORS[lit]} size={[48, 6]} />
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {t(`safe.strength.${level}`)}
          </Typography.Text>
        </Form.Item>
      ) : null}
      <Form.Item
        name="repeatNewPassword"
        label={t('safe.fields.repeatPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('safe.validation.repeatRequired') },
          ({ getFieldValue }) => ({
            validator: (_, repeat: string | undefined) =>
              !repeat || repeat === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('safe.validation.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="repeat-password" />
      </Form.Item>
    </>
  );
}

import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FACTOR_LIMITS } from '../../../../contract/schemas/factors';
import { passkeyNameRules, suggestedDevice } from './passkeyName';

interface Props {
  busy: boolean;
  onCreate: (name: string) => void;
}

/** The passkey's name first (prefilled with browser and platform), then the browser's dialog creates it. */
export function PasskeyNameForm({ busy, onCreate }: Props) {
  const { t } = useTranslation();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: t('factors.passkeys.defaultName', { device: suggestedDevice() }).slice(0, FACTOR_LIMITS.passkeyNameMax) }}
      onFinish={({ name }: { name: string }) => onCreate(name.trim())}
      data-testid="passkey-name-form"
    >
      <Form.Item
        name="name"
        label={t('factors.passkeys.name')}
        rules={passkeyNameRules(t)}
      >
        <Input placeholder={t('factors.passkeys.namePlaceholder')} data-testid="passkey-name" />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('factors.passkeys.addHint')}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="passkey-create">
        {t('factors.passkeys.create')}
      </Button>
    </Form>
  );
}

import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Input, Password } from '../../components/inputs';
import { feedback } from '../../providers/feedback';

/**
 * Directory / company-token tab (LDAP, PA_ACCOUNT). The fields are in place; the server does
 * not offer these types yet, so submitting only says the method is unavailable.
 */
export function DirectoryLoginForm() {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" size="large" requiredMark={false} onFinish={() => feedback.info(t('login.messages.methodUnavailable'))}>
      <Form.Item name="account" label={t('login.fields.directoryAccount')} rules={[{ required: true, whitespace: true, message: t('login.validation.accountRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('login.placeholders.directoryAccount')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.fields.password')} rules={[{ required: true, message: t('login.validation.passwordRequired') }]}>
        <Password prefix={<LockOutlined />} placeholder={t('login.placeholders.password')} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>
        {t('login.actions.submit')}
      </Button>
    </Form>
  );
}

import { Form, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { PasswordResetMode } from '../../../../contract/enums';
import type { AdminUserDetail } from '../../../../contract/schemas/admin/users';
import { feedback } from '../../../shared/providers/feedback';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { ShownOnce } from '../../shared/ShownOnce';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';

/**
 * An administrator's password reset: a generated one-time password (shown here once, to be
 * handed over; the person must change it at sign-in), or only "must change at next sign-in".
 * Either way the person's sessions end.
 */
export function ResetPasswordDialog({ user, open, onClose }: { user: AdminUserDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mode: PasswordResetMode }>();
  const reset = useEndpointMutation(ENDPOINTS.users.actions.resetPassword, { refresh: ['users'] });
  const [password, setPassword] = useState<string | null>(null);

  async function submit({ mode }: { mode: PasswordResetMode }) {
    try {
      const result = await reset.submit({ id: user.id, mode });
      onClose();
      if (result.password) setPassword(result.password);
      else feedback.success(t('wb.users.reset.mustChangeDone'));
    } catch (error) {
      showFieldError(form, error, { [CODE.userNoPassword]: 'mode' });
    }
  }

  return (
    <>
      <Modal
        open={open}
        title={t('wb.users.reset.title', { name: user.userName })}
        okText={t('wb.users.reset.submit')}
        okButtonProps={{ danger: true, loading: reset.isPending, ...({ 'data-testid': 'reset-submit' } as Record<string, string>) }}
        onOk={() => form.submit()}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ mode: PasswordResetMode.GENERATE }} onFinish={(values) => void submit(values)}>
          <Form.Item name="mode" label={t('wb.users.reset.mode')}>
            <Radio.Group>
              <Space direction="vertical">
                <Radio value={PasswordResetMode.GENERATE} data-testid="reset-generate">
                  {t('wb.users.reset.generate')}
                </Radio>
                <Radio value={PasswordResetMode.MUST_CHANGE} disabled={!user.hasPassword} data-testid="reset-must-change">
                  {t('wb.users.reset.mustChange')}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('wb.users.reset.sessionsEnd')}</Typography.Paragraph>
        </Form>
      </Modal>
      <ShownOnce secret={password} title={t('wb.users.reset.generatedTitle', { name: user.userName })} onClose={() => setPassword(null)} testId="generated-password" />
    </>
  );
}

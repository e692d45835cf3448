import { Form, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivationChannel, type AdminUserDetail } from '../../../../contract/schemas/admin/users';
import { formatTimeOrBlank } from '../../../shared/format';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { feedback } from '../../../shared/providers/feedback';
import { ShownOnce } from '../../shared/ShownOnce';
import { ENDPOINTS } from '../../providers/endpoints';

type Channel = (typeof ActivationChannel)[keyof typeof ActivationChannel];

/**
 * An activation for a person who has no way to sign in yet: a single-use link to set a password,
 * texted to their phone (through the outbox and its budgets) or shown here once for the
 * administrator to copy and hand over. A new one voids the earlier ones.
 */
export function ActivationDialog({ user, open, onClose }: { user: AdminUserDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useEndpointMutation(ENDPOINTS.users.actions.activation);
  const [chosen, setChosen] = useState<Channel>(ActivationChannel.SMS);
  // Someone without a phone can only be handed a link.
  const channel = user.mobileNo ? chosen : ActivationChannel.LINK;
  const [handed, setHanded] = useState<{ link: string; expiresAt: string } | null>(null);

  async function submit() {
    const result = await send.submit({ id: user.id, channel });
    onClose();
    if (result.link) setHanded({ link: result.link, expiresAt: result.expiresAt });
    else feedback.success(t('wb.users.activation.texted', { mobile: result.mobileNo ?? '', time: formatTimeOrBlank(result.expiresAt) }));
  }

  return (
    <>
      <Modal
        open={open}
        title={t('wb.users.activation.title', { name: user.userName })}
        okText={t('wb.users.activation.submit')}
        okButtonProps={{ loading: send.isPending, ...({ 'data-testid': 'activation-submit' } as Record<string, string>) }}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('wb.users.activation.channel')}>
            <Radio.Group value={channel} onChange={(e) => setChosen(e.target.value as Channel)}>
              <Space direction="vertical">
                <Radio value={ActivationChannel.SMS} disabled={!user.mobileNo} data-testid="activation-sms">
                  {user.mobileNo ? t('wb.users.activation.sms', { mobile: user.mobileNo }) : t('wb.users.activation.smsNone')}
                </Radio>
                <Radio value={ActivationChannel.LINK} data-testid="activation-link">
                  {t('wb.users.activation.link')}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('wb.users.activation.note')}</Typography.Paragraph>
        </Form>
      </Modal>
      <ShownOnce
        secret={handed?.link ?? null}
        title={t('wb.users.activation.linkTitle', { name: user.userName })}
        description={<span data-testid="activation-expires">{t('wb.users.activation.linkExpires', { time: formatTimeOrBlank(handed?.expiresAt ?? null) })}</span>}
        onClose={() => setHanded(null)}
        testId="activation-shown"
      />
    </>
  );
}

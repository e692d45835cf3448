import { LinkOutlined } from '@ant-design/icons';

import { Avatar, Button, Card, List, Result } from 'antd';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { LIMITS } from '../../../contract/rules';
import { CODE } from '../../../contract/codeNames';
import { errorCode } from '../../shared/providers/apiError';
import { feedback } from '../../shared/providers/feedback';
import { formatDate } from '../../shared/format';
import type { SocialBinding } from '../../../contract/schemas/account';
import { useConfirm } from '../../shared/hooks/useConfirm';
import { useEndpointMutation, useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { InlineHeading, ItemMeta } from '../../shared/components/Headings';
import { useTranslation } from 'react-i18next';

/** Third-party accounts that can sign in as this user, each with unbind. */
export function LinkedAccounts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  // A person links a handful of accounts at most: one page of the largest size holds them all.
  const { data, query } = useEndpointQuery(securityEndpoints.socialList, { userId, pageNum: 1, pageSize: LIMITS.pageSizeMax });
  // The spec's own texts, whatever the server says.
  // The last way to sign in is refused with its own words (E60107): the generic failure would not say why.
  const unbind = useEndpointMutation(securityEndpoints.socialUnbind, { success: t('safe.messages.unbound'), failure: t('safe.messages.unbindFailed'), quiet: [CODE.lastSignIn] });
  const list = data?.datas ?? [];
  // A provider's own name where the link came through one; the built-in sources by their translated names.
  const sourceName = (binding: Pick<SocialBinding, 'source' | 'providerName'>) => binding.providerName ?? t(`safe.social.sources.${binding.source}`, { defaultValue: binding.source });
  const description = (binding: SocialBinding) => t('safe.social.linkedAs', { name: binding.upstreamName ?? binding.socialId, date: formatDate(binding.createdDate) });

  function confirmUnbind(binding: SocialBinding) {
    confirm({
      title: t('safe.social.unbindTitle', { source: sourceName(binding) }),
      content: t('safe.social.unbindConfirm'),
      okText: t('safe.social.unbind'),
      onOk: async () => {
        await unbind.submit({ userId, source: binding.source }).catch((error: unknown) => {
          if (errorCode(error) === CODE.lastSignIn) feedback.error(t('safe.social.lastWay'));
        });
        void query.refetch();
      },
    });
  }

  return (
    <Card size="small" title={<InlineHeading>{t('safe.social.title')}</InlineHeading>} style={{ marginTop: 24 }}>
      {query.isError ? (
        <Result
          status="warning"
          subTitle={t('safe.social.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('common.actions.retry')}</Button>}
        />
      ) : (
        <List
          loading={query.isLoading}
          dataSource={list}
          rowKey="id"
          locale={{ emptyText: t('safe.social.empty') }}
          data-testid="social-list"
          renderItem={(binding) => (
            <List.Item
              data-testid="social-item"
              actions={[
                <Button key="unbind" type="link" danger onClick={() => confirmUnbind(binding)} data-testid={`social-unbind-${binding.source}`}>
                  {t('safe.social.unbind')}
                </Button>,
              ]}
            >
              <ItemMeta level={3} avatar={<Avatar icon={<LinkOutlined />} />} title={sourceName(binding)} description={description(binding)} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

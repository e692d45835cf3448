import { LinkOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Avatar, Button, Card, List, Result, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/paths';
import { LIMITS } from '../../../contract/rules';
import type { SocialBinding } from '../../../contract/schemas/account';
import type { PageResult } from '../../../contract/schemas/common';
import { feedback } from '../../providers/feedback';
import { socialApi } from './api';

/** Third-party accounts that can sign in as this user, each with unbind. */
export function LinkedAccounts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  // A person links a handful of accounts at most: one page of the largest size holds them all.
  const { query } = useCustom<PageResult<SocialBinding>>({
    url: paths.personal.socialList,
    method: 'post',
    config: { payload: { userId, pageNum: 1, pageSize: LIMITS.pageSizeMax } },
  });
  const list = (query.data?.data as PageResult<SocialBinding> | undefined)?.datas ?? [];
  const sourceName = (source: string) => t(`safe.social.sources.${source}`, { defaultValue: source });

  function confirmUnbind(binding: SocialBinding) {
    feedback.confirm({
      title: t('safe.social.unbindTitle', { source: sourceName(binding.source) }),
      content: t('safe.social.unbindConfirm'),
      okText: t('safe.social.unbind'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await socialApi.unbind(userId, binding.source);
          feedback.success(t('safe.messages.unbound'));
        } catch {
          feedback.error(t('safe.messages.unbindFailed'));
        }
        void query.refetch();
      },
    });
  }

  return (
    <Card size="small" title={t('safe.social.title')} style={{ marginTop: 24 }}>
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
              <List.Item.Meta avatar={<Avatar icon={<LinkOutlined />} />} title={sourceName(binding.source)} description={binding.socialId} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NoticeKind } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import type { AdminNotice } from '../../../../contract/schemas/admin/notices';
import { feedback } from '../../../shared/providers/feedback';
import { formatTimeOrBlank } from '../../../shared/format';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { useAdminDelete } from '../../shared/useAdminDelete';
import { useListTable } from '../../../shared/hooks/useListTable';

/** The home page's notices and news: write, publish, take down, delete. */
export default function NoticeList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tableProps, searchFormProps } = useListTable<AdminNotice, { kind?: NoticeKind; published?: boolean; keyword?: string }>('notices');
  const publish = useEndpointMutation(ENDPOINTS.notices.actions.publish, { refresh: ['notices'] });
  const unpublish = useEndpointMutation(ENDPOINTS.notices.actions.unpublish, { refresh: ['notices'] });
  const remove = useAdminDelete('notices');

  return (
    <>
      <PageHeader
        title={t('wb.notices.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/notices/create')} data-testid="notice-create">
            {t('wb.notices.create')}
          </Button>
        }
      />
      <SearchBar formProps={searchFormProps} testId="notice-search">
        <Form.Item name="keyword" label={t('wb.notices.fields.title')}>
          <Input allowClear maxLength={LIMITS.searchMax} />
        </Form.Item>
        <Form.Item name="kind" label={t('wb.notices.fields.kind')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('wb.common.all')} options={Object.values(NoticeKind).map((kind) => ({ value: kind, label: t(`wb.notices.kinds.${kind}`) }))} />
        </Form.Item>
        <Form.Item name="published" label={t('wb.notices.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('wb.common.all')}
            options={[
              { value: true, label: t('wb.notices.published') },
              { value: false, label: t('wb.notices.draft') },
            ]}
          />
        </Form.Item>
      </SearchBar>
      <Table<AdminNotice> {...tableProps} rowKey="id" data-testid="notice-table" scroll={{ x: 1000 }}>
        <Table.Column<AdminNotice> dataIndex="title" title={t('wb.notices.fields.title')} ellipsis sorter />
        <Table.Column<AdminNotice> dataIndex="kind" title={t('wb.notices.fields.kind')} width={110} sorter render={(kind: NoticeKind) => <Tag>{t(`wb.notices.kinds.${kind}`)}</Tag>} />
        <Table.Column<AdminNotice>
          key="state"
          title={t('wb.notices.state')}
          width={220}
          render={(_, row) => (row.published ? <Tag color="green">{`${t('wb.notices.published')} ${formatTimeOrBlank(row.publishedAt)}`}</Tag> : <Tag>{t('wb.notices.draft')}</Tag>)}
        />
        <Table.Column<AdminNotice> dataIndex="createdBy" title={t('wb.notices.createdBy')} width={120} ellipsis />
        <Table.Column<AdminNotice> dataIndex="updatedAt" title={t('wb.notices.updatedAt')} width={170} sorter render={formatTimeOrBlank} />
        <Table.Column<AdminNotice>
          key="actions"
          title={t('wb.common.actions')}
          fixed="right"
          width={190}
          render={(_, row) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => navigate(`/notices/edit/${row.id}`)}>
                {t('wb.common.edit')}
              </Button>
              {row.published ? (
                <Popconfirm
                  title={t('wb.notices.unpublishConfirm', { title: row.title })}
                  onConfirm={async () => {
                    await unpublish.submit({ id: row.id });
                    feedback.success(t('wb.notices.unpublished'));
                  }}
                >
                  <Button type="link" size="small">
                    {t('wb.notices.unpublish')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    await publish.submit({ id: row.id });
                    feedback.success(t('wb.notices.publishedDone'));
                  }}
                >
                  {t('wb.notices.publish')}
                </Button>
              )}
              <ConfirmLink title={t('wb.common.deleteConfirm', { name: row.title })} onConfirm={() => remove(row.id)}>
                {t('wb.common.delete')}
              </ConfirmLink>
            </Space>
          )}
        />
      </Table>
    </>
  );
}

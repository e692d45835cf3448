import { DownloadOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportAction, type ImportChange, type ImportPlanRow } from '../../../../contract/schemas/admin/usersImport';

const ACTION_COLOR: Record<ImportPlanRow['action'], string> = { [ImportAction.UPDATE]: 'blue', [ImportAction.UNCHANGED]: 'default' };

/** What the dry run says each row of an existing account would do: update (each field before → after) or nothing; the others create new accounts (counted above). */
export function ImportPlan({ plan }: { plan: readonly ImportPlanRow[] }) {
  const { t } = useTranslation();
  const value = (change: ImportChange, v: string | null) => (v === null ? t('wb.import.blank') : change.field === 'type' ? t(`wb.users.type.${v}`) : v);
  if (!plan.length) return null;
  return (
    <Table<ImportPlanRow>
      size="small"
      rowKey="line"
      dataSource={[...plan]}
      pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid="import-plan"
      columns={[
        { dataIndex: 'line', title: t('wb.import.line'), width: 80 },
        { dataIndex: 'account', title: t('wb.users.fields.userId') },
        { dataIndex: 'action', title: t('wb.common.actions'), render: (action: ImportPlanRow['action']) => <Tag color={ACTION_COLOR[action]}>{t(`wb.import.action.${action}`)}</Tag> },
        {
          dataIndex: 'changes',
          title: t('wb.import.changes'),
          render: (changes: ImportChange[]) => (
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {changes.map((c) => <li key={c.field}>{`${t(`wb.import.field.${c.field}`)}: ${value(c, c.before)} → ${value(c, c.after)}`}</li>)}
            </ul>
          ),
        },
      ]}
    />
  );
}

/** The refused rows as the server wrote them (the file's columns and a reason), saved as a file. */
export function RefusedRowsDownload({ csv }: { csv: string | null }) {
  const { t } = useTranslation();
  if (csv === null) return null;
  const download = () => {
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('wb.import.refusedFile');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button icon={<DownloadOutlined />} onClick={download} data-testid="import-refused-download">
      {t('wb.import.downloadRefused')}
    </Button>
  );
}

import { Alert, Button, Card, Col, Descriptions, Form, Input, Popconfirm, Radio, Result, Row, Select, Skeleton, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectoryMapping, DirectorySettings, SyncRun, SyncRunDetail } from '../../../../contract/schemas/admin/directory';
import { formatTime } from '../../../shared/format';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { feedback } from '../../../shared/providers/feedback';
import { PageHeader } from '../../shared/PageHeader';
import { ENDPOINTS } from '../../providers/endpoints';
import { ReportTabs, RunCounts, RunReportDrawer } from './RunReport';

const A = ENDPOINTS.directory.actions;
const PAGE_SIZE = 10;
const TEXT_FIELDS: (keyof DirectoryMapping)[] = ['userFilter', 'keyAttribute', 'accountAttribute', 'nameAttribute', 'emailAttribute', 'mobileAttribute', 'disabledAttribute', 'ouFilter', 'groupFilter'];
const REQUIRED = new Set<keyof DirectoryMapping>(['userFilter', 'keyAttribute', 'accountAttribute', 'nameAttribute', 'ouFilter', 'groupFilter']);

/** Directory synchronisation: the connection, the mapping with its presets, sync now / dry run, and the runs with their reports. */
export default function DirectoryPage() {
  const { t } = useTranslation();
  const status = useEndpointQuery(A.status, {});
  const [page, setPage] = useState(1);
  const runs = useEndpointQuery(A.runs, { pageNum: page, pageSize: PAGE_SIZE });
  const save = useEndpointMutation(A.settings, { reread: [A.status] });
  const sync = useEndpointMutation(A.sync, { reread: [A.status, A.runs] });
  const [result, setResult] = useState<SyncRunDetail | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [form] = Form.useForm<DirectorySettings>();
  const data = status.data;
  const department = Form.useWatch(['mapping', 'departmentSource'], form);

  useEffect(() => {
    if (data) form.setFieldsValue(data.settings);
  }, [data, form]);

  if (status.isError) return <Result status="error" title={t('wb.directory.title')} extra={<Button onClick={() => status.refetch()}>{t('wb.common.retry')}</Button>} />;
  if (!data) return <Skeleton active />;

  const start = async (dryRun: boolean) => {
    try {
      setResult(await sync.submit({ dryRun }));
    } catch {
      // Toasted by the mutation; the runs table shows the failed run.
      await runs.refetch();
    }
  };
  const applyPreset = () => {
    const preset = form.getFieldValue(['mapping', 'preset']) as DirectoryMapping['preset'];
    form.setFieldsValue({ mapping: data.presets[preset] });
  };
  return (
    <>
      <PageHeader
        title={t('wb.directory.title')}
        extra={
          <>
            <Button onClick={() => start(true)} loading={sync.isPending} disabled={!data.configured} data-testid="directory-dry-run">
              {t('wb.directory.dryRun')}
            </Button>
            <Popconfirm title={t('wb.directory.syncConfirm')} onConfirm={() => start(false)} disabled={!data.configured}>
              <Button type="primary" loading={sync.isPending} disabled={!data.configured} data-testid="directory-sync">
                {t('wb.directory.syncNow')}
              </Button>
            </Popconfirm>
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={t('wb.directory.connection')} size="small">
            {data.configured ? (
              <Descriptions column={1} size="small" data-testid="directory-connection">
                <Descriptions.Item label={t('wb.directory.url')}>{data.url}</Descriptions.Item>
                <Descriptions.Item label={t('wb.directory.baseDn')}>{data.baseDn}</Descriptions.Item>
                <Descriptions.Item label={t('wb.directory.bindDn')}>{data.bindDn ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('wb.directory.password')}>{t('wb.directory.passwordHidden')}</Descriptions.Item>
                <Descriptions.Item label={t('wb.directory.schedule')}>
                  {data.scheduleMinutes ? t('wb.directory.scheduleEvery', { minutes: data.scheduleMinutes }) : t('wb.directory.scheduleOff')}
                </Descriptions.Item>
                {data.running ? <Descriptions.Item label={t('wb.directory.status')}><Tag color="processing">{t('wb.directory.running')}</Tag></Descriptions.Item> : null}
              </Descriptions>
            ) : (
              <Alert type="warning" showIcon message={t('wb.directory.notConfigured')} />
            )}
          </Card>
          {result ? (
            <Card title={t('wb.directory.lastResult')} size="small" style={{ marginTop: 16 }} data-testid="directory-result">
              <ReportTabs key={result.id} run={result} />
            </Card>
          ) : null}
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('wb.directory.mapping')} size="small">
            <Form<DirectorySettings>
              form={form}
              layout="vertical"
              onFinish={async (values) => {
                try {
                  await save.submit(values);
                  feedback.success(t('wb.directory.saved'));
                } catch {
                  // Toasted by the mutation.
                }
              }}
            >
              <Space wrap align="end">
                <Form.Item name={['mapping', 'preset']} label={t('wb.directory.preset')}>
                  <Select style={{ width: 200 }} options={[{ value: 'openldap', label: t('wb.directory.presetOpenldap') }, { value: 'ad', label: t('wb.directory.presetAd') }]} />
                </Form.Item>
                <Form.Item>
                  <Button onClick={applyPreset} data-testid="directory-apply-preset">{t('wb.directory.applyPreset')}</Button>
                </Form.Item>
              </Space>
              <Row gutter={12}>
                {TEXT_FIELDS.map((field) => (
                  <Col xs={24} md={12} key={field}>
                    <Form.Item name={['mapping', field]} label={t(`wb.directory.${field}`)} rules={REQUIRED.has(field) ? [{ required: true, whitespace: true, message: t('wb.common.required', { field: t(`wb.directory.${field}`) }) }] : []}>
                      <Input maxLength={field.endsWith('Filter') ? 500 : 64} />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={12}>
                  <Form.Item name={['mapping', 'changeAttribute']} label={t('wb.directory.changeAttribute')}>
                    <Select options={[{ value: 'modifyTimestamp', label: 'modifyTimestamp' }, { value: 'uSNChanged', label: 'uSNChanged' }]} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={['mapping', 'departmentSource']} label={t('wb.directory.departmentSource')}>
                    <Radio.Group options={[{ value: 'ou', label: t('wb.directory.sourceOu') }, { value: 'attribute', label: t('wb.directory.sourceAttribute') }]} />
                  </Form.Item>
                </Col>
                {/* Always mounted (hidden with OUs), so the saved mapping keeps every field. */}
                <Col xs={24} md={12} hidden={department !== 'attribute'}>
                  <Form.Item name={['mapping', 'departmentAttribute']} label={t('wb.directory.departmentAttribute')} rules={department === 'attribute' ? [{ required: true, message: t('wb.common.required', { field: t('wb.directory.departmentAttribute') }) }] : []}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="conflictRule" label={t('wb.directory.conflictRule')}>
                <Radio.Group
                  data-testid="directory-conflict-rule"
                  options={[{ value: 'report', label: t('wb.directory.ruleReport') }, { value: 'skip', label: t('wb.directory.ruleSkip') }, { value: 'link', label: t('wb.directory.ruleLink') }]}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="directory-save">{t('wb.directory.save')}</Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <Card title={t('wb.directory.history')} size="small" style={{ marginTop: 16 }}>
        <Table<SyncRun>
          dataSource={runs.data?.datas ?? []}
          loading={runs.isLoading}
          rowKey="id"
          size="small"
          locale={{ emptyText: runs.isError ? t('wb.common.loadFailed') : t('wb.directory.noRuns') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: runs.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          data-testid="directory-runs"
        >
          <Table.Column<SyncRun> dataIndex="startedAt" title={t('wb.directory.started')} width={170} render={formatTime} />
          <Table.Column<SyncRun> dataIndex="trigger" title={t('wb.directory.trigger')} width={110} render={(v: string, r) => <>{t(`wb.directory.trigger_${v}`)}{r.dryRun ? <Tag style={{ marginLeft: 4 }}>{t('wb.directory.dryRun')}</Tag> : null}</>} />
          <Table.Column<SyncRun> dataIndex="mode" title={t('wb.directory.mode')} width={90} render={(v: string) => t(`wb.directory.mode_${v}`)} />
          <Table.Column<SyncRun> dataIndex="status" title={t('wb.directory.status')} width={100} render={(v: string, r) => <Tag color={v === 'failed' ? 'red' : v === 'succeeded' ? 'green' : 'processing'}>{t(`wb.directory.status_${v}`)}{r.errorCode ? ` ${r.errorCode}` : ''}</Tag>} />
          <Table.Column<SyncRun> key="counts" title={t('wb.directory.counts')} render={(_, r) => <RunCounts run={r} />} />
          <Table.Column<SyncRun> key="actions" title={t('wb.common.actions')} width={110} fixed="right" render={(_, r) => <Button size="small" onClick={() => setShown(r.id)}>{t('wb.directory.view')}</Button>} />
        </Table>
      </Card>
      <RunReportDrawer id={shown} onClose={() => setShown(null)} />
    </>
  );
}

import { Button, Card, Descriptions, Form, Popconfirm, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminApp } from '../../../../contract/schemas/admin/apps';
import { RISK_SIGNALS, type AppRiskPolicy, type RiskAction } from '../../../../contract/schemas/risk';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { CODE } from '../../../../contract/codeNames';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { RiskActionFields, signalsFromForm, signalsToForm } from '../policies/RiskFields';

const A = ENDPOINTS.apps.actions;
/** Where an application's own policy starts: the usual default actions, from anywhere not blocked. */
const STARTING_POLICY: AppRiskPolicy = { medium: 'ALLOW', high: 'STEP_UP', signals: { BLOCKED_ZONE: 'REFUSE' }, zones: [] };

const ACTION_COLOURS: Record<RiskAction, string> = { ALLOW: 'green', STEP_UP: 'orange', REFUSE: 'red' };

/**
 * An application's sign-in risk policy: "follows the default", or its own actions by level and
 * signal and the office or VPN zones its sign-ins are confined to.
 */
export function RiskPolicyCard({ app }: { app: AdminApp }) {
  const { t } = useTranslation();
  const may = useMay();
  const [form] = Form.useForm();
  const query = useEndpointQuery(A.riskPolicyGet, { id: app.id });
  const update = useEndpointMutation(A.riskPolicyUpdate, { quiet: [CODE.invalidInput], reread: [A.riskPolicyGet], success: t('wb.appRisk.saved') });
  const [editing, setEditing] = useState(false);
  const canChange = may('apps', 'riskPolicyUpdate');

  if (query.isError) return <LoadFailed error={query.error} onRetry={query.refetch} />;
  const data = query.data;
  const zoneName = (id: number) => data?.zoneChoices.find((z) => z.id === id)?.name ?? `#${id}`;
  const action = (a: RiskAction) => <Tag color={ACTION_COLOURS[a]}>{t(`wb.risk.action.${a}`)}</Tag>;

  const edit = (policy: AppRiskPolicy) => {
    form.setFieldsValue({ ...policy, signals: signalsToForm(policy.signals) });
    setEditing(true);
  };
  const save = async (values: Record<string, unknown>) => {
    try {
      const policy = { medium: values.medium, high: values.high, signals: signalsFromForm((values.signals ?? {}) as Record<string, string>), zones: (values.zones ?? []) as number[] } as AppRiskPolicy;
      await update.submit({ id: app.id, policy });
      setEditing(false);
    } catch (error) {
      showFieldError(form, error, {});
    }
  };
  const followDefault = async () => {
    await update.submit({ id: app.id, policy: null }).catch(() => null);
    setEditing(false);
  };

  const policy = data?.policy ?? null;
  return (
    <Card size="small" title={t('wb.appRisk.title')} style={{ marginTop: 16 }} data-testid="app-risk-card">
      {!data ? (
        <Spin />
      ) : editing ? (
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Row gutter={16}>
            <RiskActionFields testId="app-risk" />
          </Row>
          <Form.Item name="zones" label={t('wb.appRisk.zones')} extra={data.zoneChoices.length ? t('wb.appRisk.zonesHint') : t('wb.appRisk.noZones')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('wb.appRisk.zonesAnywhere')}
              options={data.zoneChoices.map((z) => ({ value: z.id, label: `${z.name} (${t(`wb.risk.zoneKind.${z.kind}`)})` }))}
              optionFilterProp="label"
              data-testid="app-risk-zones"
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="app-risk-save">
              {t('wb.common.save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('wb.common.cancel')}</Button>
          </Space>
        </Form>
      ) : policy === null ? (
        <Space direction="vertical">
          <Typography.Text data-testid="app-risk-follows-default">{t('wb.appRisk.followsDefault')}</Typography.Text>
          {canChange ? (
            <Button onClick={() => edit(STARTING_POLICY)} data-testid="app-risk-own">
              {t('wb.appRisk.useOwn')}
            </Button>
          ) : null}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered data-testid="app-risk-own-policy">
            <Descriptions.Item label={t('wb.appRisk.medium')}>{action(policy.medium)}</Descriptions.Item>
            <Descriptions.Item label={t('wb.appRisk.high')}>{action(policy.high)}</Descriptions.Item>
            <Descriptions.Item label={t('wb.appRisk.signals')}>
              {RISK_SIGNALS.filter((s) => policy.signals[s]).map((s) => (
                <Tag key={s}>{`${t(`wb.risk.signal.${s}`)}: ${t(`wb.risk.action.${policy.signals[s]}`)}`}</Tag>
              ))}
              {RISK_SIGNALS.some((s) => policy.signals[s]) ? null : t('wb.risk.followLevel')}
            </Descriptions.Item>
            <Descriptions.Item label={t('wb.appRisk.zones')}>
              {policy.zones.length ? policy.zones.map((id) => <Tag key={id} color="green">{zoneName(id)}</Tag>) : t('wb.appRisk.zonesAnywhere')}
            </Descriptions.Item>
          </Descriptions>
          {canChange ? (
            <Space>
              <Button onClick={() => edit(policy)} data-testid="app-risk-edit">
                {t('wb.common.edit')}
              </Button>
              <Popconfirm title={t('wb.appRisk.useDefaultConfirm')} onConfirm={followDefault}>
                <Button danger loading={update.isPending} data-testid="app-risk-default">
                  {t('wb.appRisk.useDefault')}
                </Button>
              </Popconfirm>
            </Space>
          ) : null}
        </Space>
      )}
    </Card>
  );
}

import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Skeleton, Space, Switch, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { LIMITS, POLICY_RANGES, USER_TYPES } from '../../../../contract/rules';
import { feedback } from '../../../shared/providers/feedback';
import { showFieldError, type CodeFields } from '../../../shared/hooks/fieldRefusals';
import { PageHeader } from '../../shared/PageHeader';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import type { Result } from '../../../shared/providers/api';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { PolicyHistoryDrawer } from './PolicyHistoryDrawer';
import { RiskFields, signalsFromForm, signalsToForm } from './RiskFields';

type Policies = Result<typeof ENDPOINTS.policies.actions.get>;
type Section = Exclude<keyof Policies, 'customized'>;
type Range = { min: number; max: number };

/** The rules joining two fields, under the fields they join. */
const JOINED: CodeFields = {
  [CODE.policyLengthRange]: ['minLength', 'maxLength'],
  [CODE.policyReminderNotBeforeExpiry]: ['reminderDays', 'expiryDays'],
  [CODE.policyCaptchaNotBeforeLock]: ['captchaAfter', 'lockAfter'],
  [CODE.policyIdleBeyondAbsolute]: ['idleMinutes', 'absoluteHours'],
};

/** The numeric fields of each section, with the range the server allows. */
const NUMBERS: Partial<Record<Section, Record<string, Range>>> = {
  pwd: {
    minLength: POLICY_RANGES.passwordLength,
    maxLength: POLICY_RANGES.passwordLength,
    minKinds: POLICY_RANGES.passwordKinds,
    expiryDays: POLICY_RANGES.passwordExpiryDays,
    reminderDays: POLICY_RANGES.passwordReminderDays,
    historyCount: POLICY_RANGES.passwordHistory,
  },
  signIn: {
    captchaAfter: POLICY_RANGES.captchaAfter,
    lockAfter: POLICY_RANGES.lockAfter,
    lockMinutes: POLICY_RANGES.lockMinutes,
    ipFailuresPerHour: POLICY_RANGES.ipFailuresPerHour,
  },
  sessions: { idleMinutes: POLICY_RANGES.sessionIdleMinutes, absoluteHours: POLICY_RANGES.sessionAbsoluteHours },
  sms: { dailyPerNumber: POLICY_RANGES.smsDailyPerNumber },
  risk: { newDeviceDays: { min: 1, max: 365 } },
};

/**
 * Sections whose form holds their values differently from the policy: the risk section shows a
 * row for every signal ("follow the level" for those without an action of their own).
 */
const FORM_SHAPES: Partial<Record<Section, { toForm: (v: never) => object; fromForm: (v: Record<string, unknown>) => Record<string, unknown> }>> = {
  risk: {
    toForm: (v: Policies['risk']) => ({ ...v, signals: signalsToForm(v.signals) }),
    fromForm: (v) => ({ ...v, signals: signalsFromForm((v.signals ?? {}) as Record<string, string>) }),
  },
};

/** One section's form: its own save, the server's refusals under its fields. */
function SectionForm({ section, policies, onSaved }: { section: Section; policies: Policies; onSaved: (next: Policies) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const update = useEndpointMutation(ENDPOINTS.policies.actions.update, { refresh: [] });
  const restore = useEndpointMutation(ENDPOINTS.policies.actions.restoreDefaults, { success: t('wb.policies.restored') });
  const shape = FORM_SHAPES[section];
  const values = useMemo(() => (shape ? shape.toForm(policies[section] as never) : policies[section]), [shape, policies, section]);
  const registrationOpen = Form.useWatch('enabled', form) as boolean | undefined;
  useEffect(() => form.setFieldsValue(values), [form, values]);

  async function save(next: Record<string, unknown>) {
    try {
      const saved = await update.submit({ [section]: shape ? shape.fromForm(next) : next });
      feedback.success(t('wb.policies.saved'));
      onSaved(saved);
    } catch (error) {
      showFieldError(form, error, JOINED);
    }
  }

  async function restoreDefaults() {
    const saved = await restore.submit({ sections: [section] }).catch(() => null);
    if (saved) onSaved(saved);
  }

  const numbers = NUMBERS[section];
  const label = (field: string) => t(`wb.policies.${section}.${field}`);
  return (
    <Card
      size="small"
      title={t(`wb.policies.sections.${section}`)}
      extra={policies.customized.includes(section) ? <Tag color="blue">{t('wb.policies.customized')}</Tag> : <Tag>{t('wb.policies.defaults')}</Tag>}
      data-testid={`policy-${section}`}
    >
      <Form form={form} layout="vertical" initialValues={values} onFinish={(next) => void save(next)}>
        <Row gutter={16}>
          {numbers
            ? Object.entries(numbers).map(([field, range]) => (
                <Col key={field} xs={24} sm={12}>
                  <Form.Item name={field} label={label(field)} extra={t('wb.policies.range', range)} rules={[{ required: true, type: 'number', min: range.min, max: range.max, message: t('wb.policies.range', range) }]}>
                    <InputNumber min={range.min} max={range.max} precision={0} style={{ width: '100%' }} data-testid={`policy-${section}-${field}`} />
                  </Form.Item>
                </Col>
              ))
            : null}
          {section === 'registration' ? (
            <>
            <Col xs={24}>
              <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
                <Switch data-testid="policy-registration-enabled" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="approval" label={label('approval')} extra={t('wb.policies.registration.approvalHint')} valuePropName="checked">
                <Switch disabled={!registrationOpen} data-testid="policy-registration-approval" />
              </Form.Item>
            </Col>
            </>
          ) : null}
          {section === 'mfa' ? (
            <>
              <Col xs={24}>
                <Form.Item name="requiredUserTypes" label={label('requiredUserTypes')} extra={t('wb.policies.mfa.requiredUserTypesHint')}>
                  <Select mode="multiple" allowClear options={USER_TYPES.map((type) => ({ value: type, label: t(`wb.users.type.${type}`) }))} data-testid="policy-mfa-requiredUserTypes" />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="passkeyForAdmins" label={label('passkeyForAdmins')} extra={t('wb.policies.mfa.passkeyForAdminsHint')} valuePropName="checked">
                  <Switch data-testid="policy-mfa-passkeyForAdmins" />
                </Form.Item>
              </Col>
            </>
          ) : null}
          {section === 'risk' ? <RiskFields /> : null}
          {section === 'loginPage' ? (
            <>
              {(['companyName', 'versionInfo'] as const).map((field) =>
                (['zh', 'en'] as const).map((lang) => (
                  <Col key={`${field}-${lang}`} xs={24} sm={12}>
                    <Form.Item name={[field, lang]} label={`${label(field)} (${t(`wb.policies.lang.${lang}`)})`}>
                      <Input maxLength={LIMITS.loginPageTextMax} />
                    </Form.Item>
                  </Col>
                )),
              )}
              {(['logoUrl', 'imageUrl'] as const).map((field) => (
                <Col key={field} xs={24} sm={12}>
                  <Form.Item name={field} label={label(field)} extra={t('wb.policies.imageHint')}>
                    <Input maxLength={LIMITS.urlMax} />
                  </Form.Item>
                </Col>
              ))}
            </>
          ) : null}
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid={`policy-${section}-save`}>
            {t('wb.common.save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(values)}>{t('wb.common.reset')}</Button>
          <Popconfirm
            title={t('wb.policies.restoreConfirm', { section: t(`wb.policies.sections.${section}`) })}
            okButtonProps={{ danger: true }}
            onConfirm={restoreDefaults}
          >
            <Button danger loading={restore.isPending} data-testid={`policy-${section}-defaults`}>
              {t('wb.policies.restoreDefaults')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}

const SECTIONS: Section[] = ['pwd', 'signIn', 'sessions', 'sms', 'registration', 'mfa', 'risk', 'loginPage'];

/** The policies in force, one form per section; each takes effect on save. */
export default function PoliciesPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, error, refetch } = useEndpointQuery(ENDPOINTS.policies.actions.get, {});
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('wb.policies.title')}
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-testid="policy-history-open">
            {t('wb.policies.history.open')}
          </Button>
        }
      />
      <PolicyHistoryDrawer open={historyOpen} onClose={() => setHistoryOpen(false)} onChanged={refetch} />
      <Alert type="info" showIcon message={t('wb.policies.hint')} style={{ marginBottom: 16 }} />
      {isError ? (
        <LoadFailed error={error} onRetry={refetch} />
      ) : isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {SECTIONS.map((section) => (
            <Col key={section} xs={24} xl={12}>
              <SectionForm section={section} policies={data} onSaved={() => void refetch()} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}

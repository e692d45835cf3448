import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Popconfirm, Row, Select, Spin, Typography, type FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/rules';
import type { AdminApp } from '../../../../contract/schemas/admin/apps';
import { CAS_MATCHES, casServiceProblem, type CasMatch } from '../../../../contract/schemas/admin/appsSignOn';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { feedback } from '../../../shared/providers/feedback';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';

interface Values { services: { url: string; match: CasMatch }[] }

/** An application's CAS service URLs (exact or prefix), and the server address its CAS client is given. */
export function CasPanel({ app }: { app: AdminApp }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const cas = useEndpointQuery(ENDPOINTS.apps.actions.casGet, { id: app.id });
  const save = useEndpointMutation(ENDPOINTS.apps.actions.casSave, { refresh: ['apps'] });
  const loaded = cas.data;
  useEffect(() => {
    if (loaded) form.setFieldsValue({ services: loaded.services.map((s) => ({ url: s.url, match: s.match })) });
  }, [form, loaded]);

  if (cas.isError) return <LoadFailed error={cas.error} onRetry={cas.refetch} />;
  if (!loaded) return <Spin style={{ display: 'block', margin: '24px auto' }} />;

  const urlRule = (name: number): FormRule => ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const url = typeof value === 'string' ? value.trim() : '';
      const match = (getFieldValue(['services', name, 'match']) as CasMatch | undefined) ?? 'exact';
      const problem = casServiceProblem(url, match);
      if (problem) throw new Error(t(`wb.signon.cas.rule.${problem}`, { uri: url }));
      const all = ((getFieldValue('services') as Values['services'] | undefined) ?? []).map((s) => s?.url?.trim());
      if (all.filter((u) => u === url).length > 1) throw new Error(t('wb.signon.cas.duplicate'));
    },
  });
  const submit = async (values: Values) => {
    await save.submit({ id: app.id, services: (values.services ?? []).map((s) => ({ url: s.url.trim(), match: s.match })) });
    feedback.success(t('wb.signon.saved'));
    void cas.refetch();
  };
  const replacing = app.protocol === 'saml';
  const saveButton = (
    <Button type="primary" htmlType={replacing ? 'button' : 'submit'} loading={save.isPending} data-testid="cas-save">
      {t('wb.signon.save')}
    </Button>
  );

  return (
    <>
      <Card size="small" title={t('wb.signon.cas.serverTitle')}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('wb.signon.cas.serverUrl')}>
            <Typography.Text copyable data-testid="cas-server-url">{loaded.casServerUrl}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('wb.signon.cas.servicesTitle')} style={{ marginTop: 16 }}>
        {replacing && <Alert type="warning" showIcon message={t('wb.signon.replacesSaml')} style={{ marginBottom: 12 }} />}
        <Typography.Paragraph type="secondary">{t('wb.signon.cas.servicesHint')}</Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ services: [] }} data-testid="cas-form">
          <Form.List name="services">
            {(fields, { add, remove }) => (
              <>
                {!fields.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wb.signon.cas.none')} />}
                {fields.map((field) => (
                  <Row key={field.key} gutter={8} align="top" wrap data-testid="cas-service-row">
                    <Col xs={24} md={15}>
                      <Form.Item name={[field.name, 'url']} label={t('wb.signon.cas.url')} rules={[{ required: true, message: t('wb.signon.cas.rule.url', { uri: '' }) }, urlRule(field.name)]} dependencies={[['services', field.name, 'match']]}>
                        <Input maxLength={LIMITS.urlMax} placeholder="https://app.example.com/" data-testid="cas-service-url" />
                      </Form.Item>
                    </Col>
                    <Col xs={18} md={6}>
                      <Form.Item name={[field.name, 'match']} label={t('wb.signon.cas.match')}>
                        <Select options={CAS_MATCHES.map((m) => ({ value: m, label: t(`wb.signon.cas.matchOf.${m}`) }))} data-testid="cas-service-match" />
                      </Form.Item>
                    </Col>
                    <Col xs={6} md={3}>
                      <Form.Item label=" ">
                        <Button icon={<DeleteOutlined />} aria-label={t('wb.signon.remove')} onClick={() => remove(field.name)} />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ url: '', match: 'prefix' })} data-testid="cas-service-add" block>
                  {t('wb.signon.cas.add')}
                </Button>
              </>
            )}
          </Form.List>
          <div style={{ marginTop: 16 }}>
            {replacing ? (
              <Popconfirm title={t('wb.signon.replaceConfirm')} okButtonProps={{ danger: true }} onConfirm={() => form.submit()}>
                {saveButton}
              </Popconfirm>
            ) : saveButton}
          </div>
        </Form>
      </Card>
    </>
  );
}

import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, type ButtonProps, Card, Col, Descriptions, Row, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { formatTimeOrBlank } from '../../../shared/format';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import type { Result } from '../../../shared/providers/api';
import { feedback } from '../../../shared/providers/feedback';
import { ENDPOINTS } from '../../providers/endpoints';
import { summarise, type CertificateSummary } from './certificateSummary';

type SamlKey = Result<typeof ENDPOINTS.samlKeys.actions.list>['items'][number];
type Shown = SamlKey & CertificateSummary;

// Module level: the mutation's submit keeps its identity.
const REREAD = [ENDPOINTS.samlKeys.actions.list];

/** The keys with their certificates read (the fingerprint is computed, so this settles a moment after the list). */
function useSummaries(items: SamlKey[] | undefined): Shown[] | undefined {
  const [shown, setShown] = useState<{ from: SamlKey[]; keys: Shown[] }>();
  useEffect(() => {
    if (!items) return;
    let live = true;
    void Promise.all(items.map(async (key) => ({ ...key, ...(await summarise(key.certificate)) }))).then((keys) => live && setShown({ from: items, keys }));
    return () => {
      live = false;
    };
  }, [items]);
  return shown && shown.from === items ? shown.keys : undefined;
}

function KeyDetails({ shown }: { shown: Shown }) {
  const { t } = useTranslation();
  const current = shown.status === 'current';
  return (
    <Card
      size="small"
      type="inner"
      title={t(`wb.signon.saml.keys.${shown.status}`)}
      extra={<Tag color={current ? 'success' : 'processing'}>{t(`wb.signon.saml.keys.status.${shown.status}`)}</Tag>}
      data-testid={`saml-key-${shown.status}`}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('wb.signon.saml.certSubject')}>{shown.subject}</Descriptions.Item>
        <Descriptions.Item label={t('wb.signon.saml.certFingerprint')}>
          <Typography.Text copyable={shown.fingerprint ? { text: shown.fingerprint } : false} style={{ wordBreak: 'break-all' }} data-testid="saml-key-fingerprint">
            {shown.fingerprint}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('wb.signon.saml.certNotAfter')}>{formatTimeOrBlank(shown.notAfter)}</Descriptions.Item>
        <Descriptions.Item label={t('wb.signon.saml.keys.publishedSince')}>{formatTimeOrBlank(shown.createdAt)}</Descriptions.Item>
        {current && <Descriptions.Item label={t('wb.signon.saml.keys.signingSince')}>{formatTimeOrBlank(shown.activatedAt)}</Descriptions.Item>}
      </Descriptions>
    </Card>
  );
}

/**
 * The identity provider's signing certificates, where an administrator setting up an SP looks: the
 * current one (signs) and the next one (already in the metadata), and the rotation that makes the
 * next one sign. The keys are the installation's, the same for every SAML application.
 */
export function SamlSigningKeys() {
  const { t } = useTranslation();
  const list = useEndpointQuery(ENDPOINTS.samlKeys.actions.list, {});
  const rotate = useEndpointMutation(ENDPOINTS.samlKeys.actions.rotate, { reread: REREAD });
  const [rotated, setRotated] = useState<string | null>(null);
  const keys = useSummaries(list.data?.items);
  const current = keys?.find((k) => k.status === 'current');
  const next = keys?.find((k) => k.status === 'next');

  // The workbench has no antd <App>: its dialogs come through feedback (theme and language followed).
  const ask = () =>
    feedback.confirm({
      title: t('wb.signon.saml.keys.confirmTitle'),
      content: t('wb.signon.saml.keys.confirmText', { since: formatTimeOrBlank(next?.createdAt) }),
      okText: t('wb.signon.saml.keys.rotate'),
      cancelText: t('wb.common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'confirm-cancel' } as ButtonProps,
      onOk: async () => {
        try {
          // From the current key shown: if another administrator rotated meanwhile, E40217 says so rather than rotating twice.
          const result = await rotate.submit(current ? { current: current.kid } : {});
          setRotated(result.current);
        } catch {
          // Refused: the toast says why; the list is as it was.
        }
      },
    });

  const body = () => {
    if (list.isError) return <LoadFailed error={list.error} onRetry={list.refetch} />;
    if (!keys) return <Skeleton active paragraph={{ rows: 4 }} />;
    const nowSigning = rotated ? keys.find((k) => k.kid === rotated) : undefined;
    return (
      <>
        {nowSigning && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setRotated(null)}
            message={t('wb.signon.saml.keys.rotated')}
            description={t('wb.signon.saml.keys.rotatedText', { fingerprint: nowSigning.fingerprint || nowSigning.kid })}
            style={{ marginBottom: 12 }}
            data-testid="saml-keys-rotated"
          />
        )}
        <Row gutter={[16, 16]}>
          {[current, next].map((key) => key && (
            <Col key={key.kid} xs={24} lg={12}>
              <KeyDetails shown={key} />
            </Col>
          ))}
        </Row>
      </>
    );
  };

  return (
    <Card
      size="small"
      title={t('wb.signon.saml.keys.title')}
      style={{ marginTop: 16 }}
      extra={
        <Button icon={<SyncOutlined />} onClick={ask} loading={rotate.isPending} disabled={!next} data-testid="saml-keys-rotate">
          {t('wb.signon.saml.keys.rotate')}
        </Button>
      }
      data-testid="saml-idp-keys"
      aria-busy={!keys && !list.isError}
    >
      <Typography.Paragraph type="secondary">{t('wb.signon.saml.keys.hint')}</Typography.Paragraph>
      {body()}
    </Card>
  );
}

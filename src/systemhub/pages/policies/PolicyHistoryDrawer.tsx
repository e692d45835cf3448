import { Button, Card, Drawer, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import type { Result } from '../../../shared/providers/api';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { ENDPOINTS } from '../../providers/endpoints';
import { policyChanges } from './policyChanges';
import { usePolicyValue } from './usePolicyValue';

type Version = Result<typeof ENDPOINTS.policies.actions.history>['datas'][number];

/** Enough versions to cover weeks of changes; older ones stay in the audit log. */
const SHOWN = 50;

/** What one version changed, field by field, in words: field: before → after. */
function VersionChanges({ version }: { version: Version }) {
  const { t } = useTranslation();
  const value = usePolicyValue();
  const { data, isLoading, isError, error, refetch } = useEndpointQuery(ENDPOINTS.policies.actions.version, { version: version.version });
  if (isError) return <LoadFailed error={error} onRetry={refetch} />;
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const changes = policyChanges(data.previous, data.policies, version.sections);
  if (!changes.length) return <Typography.Text type="secondary">{t('wb.policies.history.noChange')}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid={`policy-version-${version.version}-changes`}>
      {changes.map((c) => {
        const [field, lang] = c.field.split('.');
        // A field kept per key: per language, or (the risk section's signals) per signal.
        const sub = lang ? (c.section === 'risk' ? t(`wb.risk.signal.${lang}`) : t(`wb.policies.lang.${lang}`)) : '';
        const name = `${t(`wb.policies.sections.${c.section}`)} · ${t(`wb.policies.${c.section}.${field}`)}${sub ? ` (${sub})` : ''}`;
        return (
          <li key={`${c.section}.${c.field}`}>
            {t('wb.policies.history.change', { name, before: value(c.section, field, c.before), after: value(c.section, field, c.after) })}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Every saved version of the policies, newest first: who saved it, when, how (a change, a rollback,
 * the defaults) and what it changed; any older version can be returned to, as a new version.
 */
export function PolicyHistoryDrawer({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => unknown }) {
  const { t } = useTranslation();
  const history = useEndpointQuery(ENDPOINTS.policies.actions.history, { pageNum: 1, pageSize: SHOWN }, { enabled: open });
  const rollback = useEndpointMutation(ENDPOINTS.policies.actions.rollback, { success: t('wb.policies.history.rolledBack') });
  const versions = history.data?.datas ?? [];
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const toggle = (version: number) =>
    setShown((open) => {
      const next = new Set(open);
      if (!next.delete(version)) next.add(version);
      return next;
    });

  async function rollBackTo(version: number) {
    await rollback.submit({ version }).catch(() => undefined);
    await Promise.all([onChanged(), history.refetch()]);
  }

  const who = (v: Version) => (v.savedByName ? `${v.savedByName} (${v.savedBy})` : (v.savedBy ?? t('wb.policies.history.deletedAccount')));
  return (
    <Drawer open={open} onClose={onClose} title={t('wb.policies.history.title')} width={640} destroyOnHidden>
      {history.isError ? (
        <LoadFailed error={history.error} onRetry={history.refetch} />
      ) : history.isLoading ? (
        <Skeleton active />
      ) : !versions.length ? (
        <Empty description={t('wb.policies.history.empty')} />
      ) : (
        <Flex vertical gap={8} data-testid="policy-history">
          {versions.map((v, index) => (
            <Card key={v.version} size="small" className="policy-version">
              <Flex justify="space-between" align="start" gap={8} wrap>
                <Flex vertical gap={2} data-testid={`policy-version-${v.version}`}>
                  <Flex wrap gap={6} align="center">
                    <Typography.Text strong>{t('wb.policies.history.version', { version: v.version })}</Typography.Text>
                    <Tag color={v.action === 'UPDATE' ? 'blue' : 'orange'}>
                      {v.action === 'ROLLBACK' ? t('wb.policies.history.action.ROLLBACK', { version: v.fromVersion }) : t(`wb.policies.history.action.${v.action}`)}
                    </Tag>
                    {index === 0 ? <Tag color="green">{t('wb.policies.history.current')}</Tag> : null}
                  </Flex>
                  <Typography.Text type="secondary">
                    {t('wb.policies.history.savedBy', { who: who(v), when: formatTime(v.savedAt), sections: v.sections.map((s) => t(`wb.policies.sections.${s}`)).join(t('wb.policies.history.listSeparator')) })}
                  </Typography.Text>
                </Flex>
                <Flex gap={8}>
                  <Button size="small" type={shown.has(v.version) ? 'default' : 'link'} aria-expanded={shown.has(v.version)} onClick={() => toggle(v.version)} data-testid={`policy-changes-${v.version}`}>
                    {t('wb.policies.history.changes')}
                  </Button>
                  {index === 0 ? null : (
                    <Popconfirm title={t('wb.policies.history.rollbackConfirm', { version: v.version })} okButtonProps={{ danger: true }} onConfirm={() => rollBackTo(v.version)}>
                      <Button size="small" loading={rollback.isPending} data-testid={`policy-rollback-${v.version}`}>
                        {t('wb.policies.history.rollback')}
                      </Button>
                    </Popconfirm>
                  )}
                </Flex>
              </Flex>
              {shown.has(v.version) ? (
                <div style={{ marginTop: 8 }}>
                  <VersionChanges version={v} />
                </div>
              ) : null}
            </Card>
          ))}
        </Flex>
      )}
    </Drawer>
  );
}

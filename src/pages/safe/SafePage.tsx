import { useInvalidate } from '@refinedev/core';
import { List, Skeleton } from 'antd';
import { useState } from 'react';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { PageTitle } from '../../shared/components/PageTitle';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { useNarrow } from '../log/useNarrow';
import { BindPhoneDialog } from './BindPhoneDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ChangePhoneDialog } from './ChangePhoneDialog';
import { FactorsCard } from './factors/FactorsCard';
import { LinkedAccounts } from './LinkedAccounts';
import { PasswordRow } from './PasswordRow';
import { PhoneRow } from './PhoneRow';
import { ScoreSummary } from './ScoreSummary';
import { ItemMeta } from '../../shared/components/Headings';
import { useTranslation } from 'react-i18next';

type Dialog = 'password' | 'bind' | 'change' | null;

/** /safe: security score, password, phone, sign-in factors, linked accounts and a way to the device list. */
export default function SafePage() {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { data: safety, query } = useEndpointQuery(accountEndpoints.safetyScore, {});
  const [dialog, setDialog] = useState<Dialog>(null);
  const invalidate = useInvalidate();
  // Everything on screen may follow a change (score card in the header, phone row, score).
  const reload = () => void invalidate({ invalidates: ['all'] });
  const close = () => setDialog(null);

  let body;
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError || !safety) {
    body = (
      <LoadFailed title={t('safe.loadFailed')} error={query.error} onRetry={query.refetch} />
    );
  } else {
    body = (
      <>
        <ScoreSummary safety={safety} />
        <List bordered itemLayout={narrow ? 'vertical' : 'horizontal'} data-testid="security-items">
          {/* antd wraps only dataSource items in a list; these rows are <li>s and need one too. */}
          <ul className="ant-list-items">
            <PasswordRow safety={safety} onChange={() => setDialog('password')} />
            <PhoneRow safety={safety} onBind={() => setDialog('bind')} onChange={() => setDialog('change')} onUpdated={reload} />
            <List.Item actions={[<ButtonLink key="devices" type="link" to="/device" data-testid="devices-link">{t('safe.devices.open')}</ButtonLink>]}>
              <ItemMeta title={t('safe.devices.title')} description={t('safe.devices.description')} />
            </List.Item>
          </ul>
        </List>
        <FactorsCard account={safety.userId} narrow={narrow} onChanged={reload} />
        <LinkedAccounts userId={safety.userId} />
      </>
    );
  }

  return (
    <section>
      <PageTitle>
        {t('safe.title')}
      </PageTitle>
      {body}
      <ChangePasswordDialog open={dialog === 'password'} onClose={close} onChanged={reload} />
      <BindPhoneDialog open={dialog === 'bind'} onClose={close} onBound={reload} />
      <ChangePhoneDialog open={dialog === 'change'} onClose={close} onChanged={reload} />
    </section>
  );
}

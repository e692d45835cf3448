import { Alert, Button, Form, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CODE } from '../../../contract/codeNames';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';
import { NewPasswordFields, type NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { NEW_PASSWORD_FIELDS } from '../../shared/hooks/fieldRefusals';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { errorCode } from '../../shared/providers/apiError';
import { sm2Client } from '../../shared/providers/sm2';
import { formatTime } from '../../shared/format';
import { PublicLayout } from '../account-flow/PublicLayout';
import { ToSignInResult } from '../account-flow/ToSignInResult';
import { useFormSave } from '../account-flow/useFormSave';

/** The link cannot be used (used, replaced by a newer one, expired, or mistyped): only an administrator can send another. */
function LinkVoid() {
  const { t } = useTranslation();
  return (
    <ToSignInResult testId="activate-void" status="warning" title={t('activate.void.title')} subTitle={t('activate.void.description')}
      action={t('activate.void.signIn')} actionTestId="activate-to-login" />
  );
}

/**
 * /activate?token=…: the link an administrator sends a new person. It shows whose account it is,
 * then takes a first password under the password policy (checked as it is typed, and by the
 * server); once set, the link is spent and the person signs in.
 */
export default function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<NewPasswordValues>();
  const [activated, setActivated] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const { data: owner, query } = useEndpointQuery(ep.activationDetail, { token }, { enabled: token !== '', quiet: [CODE.ticketExpired] });
  const save = useFormSave(ep.activationComplete, form, NEW_PASSWORD_FIELDS, {
    onError: (error) => {
      if (errorCode(error) === CODE.ticketExpired) setSpent(true);
    },
  });

  let body;
  if (activated !== null) {
    body = (
      <ToSignInResult testId="activate-done" status="success" title={t('activate.done.title')} subTitle={t('activate.done.description', { account: activated })}
        action={t('activate.done.signIn')} actionTestId="activate-sign-in" />
    );
  } else if (!token || spent || (query.isError && errorCode(query.error) === CODE.ticketExpired)) {
    body = <LinkVoid />;
  } else if (query.isError) {
    body = (
      <Result
        status="error"
        title={t('activate.failed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.actions.retry')}</Button>}
      />
    );
  } else if (!owner) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else {
    body = (
      <>
        <Alert
          type="info"
          showIcon
          message={t('activate.owner', { name: owner.userName, account: owner.userId })}
          description={t('activate.until', { time: formatTime(owner.expiresAt) })}
          style={{ marginBottom: 24 }}
          data-testid="activate-owner"
        />
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            void save.run(
              sm2Client.encrypt(values.newPassword).then((newPassword) => ({ token, newPassword })),
              (answer) => setActivated(answer.userId),
            )
          }
          data-testid="activate-form"
        >
          <NewPasswordFields forNewAccount />
          <Button type="primary" htmlType="submit" block size="large" loading={save.saving} data-testid="activate-save">
            {t('activate.save')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <PublicLayout title={t('activate.title')} testId="activate-page">
      {body}
    </PublicLayout>
  );
}

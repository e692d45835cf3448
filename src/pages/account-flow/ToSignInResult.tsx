import { Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { LOGIN_PATH } from '../../config';
import { ButtonLink } from '../../shared/components/ButtonLink';

interface ToSignInResultProps {
  /** On the wrapper: antd's Result does not pass unknown attributes on to its element. */
  testId: string;
  status: ResultProps['status'];
  title: ReactNode;
  subTitle?: ReactNode;
  /** The button's words ("back to sign-in", "sign in now"…). */
  action: ReactNode;
  actionTestId: string;
}

/** Where a signed-out flow ends (done, closed, or a link that no longer works): what happened, and the way to the sign-in page. */
export function ToSignInResult({ testId, status, title, subTitle, action, actionTestId }: ToSignInResultProps) {
  return (
    <div data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <ButtonLink type="primary" to={LOGIN_PATH} data-testid={actionTestId}>
            {action}
          </ButtonLink>
        }
      />
    </div>
  );
}

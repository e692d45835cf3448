import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  /** The question the confirmation asks (naming the row). */
  title: ReactNode;
  onConfirm: () => unknown;
  testId?: string;
  icon?: ReactNode;
  /** The link's accessible name, when it shows only an icon. */
  ariaLabel?: string;
  children?: ReactNode;
}

/** A row's destructive action (delete, revoke, disable, end): a red link that asks first, its OK red too. */
export function ConfirmLink({ title, onConfirm, testId, icon, ariaLabel, children }: Props) {
  return (
    <Popconfirm title={title} okButtonProps={{ danger: true }} onConfirm={onConfirm}>
      <Button type="link" size="small" danger icon={icon} aria-label={ariaLabel} data-testid={testId}>
        {children}
      </Button>
    </Popconfirm>
  );
}

import { App, type ButtonProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

interface Question {
  title: string;
  content: string;
  okText: string;
  /** Defaults to "Cancel". */
  cancelText?: string;
  /** The action; the dialog's OK button spins until it settles. */
  onOk: () => unknown;
}

/**
 * Asks before a destructive action (DESIGN §7): antd's context-aware confirm dialog (App.useApp,
 * so it follows the theme and language) with a red OK button; the buttons carry the test ids
 * the journeys click.
 */
export function useConfirm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    ({ cancelText, ...question }: Question) =>
      void modal.confirm({
        ...question,
        cancelText: cancelText ?? t('common.actions.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelButtonProps: { 'data-testid': 'confirm-cancel' } as ButtonProps,
      }),
    [modal, t],
  );
}

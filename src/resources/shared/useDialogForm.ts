import { useModalForm, type UseModalFormProps } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import type { ButtonProps, ModalProps } from 'antd';
import { useImperativeHandle, useState, type Ref } from 'react';
import { explainedCodes, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { errorNotice } from '../../shared/providers/notificationProvider';
import { useTranslation } from 'react-i18next';

/** What a list holds to open one of its dialogs, with the row the dialog acts on (or nothing). */
export interface DialogHandle<Row = void> {
  open: (row: Row) => void;
}

type Options<Values> = Omit<UseModalFormProps<BaseRecord, HttpError, Values>, 'action' | 'redirect'> & {
  /** The submit button's test id. */
  submitTestId: string;
  /** Refusals the dialog says under a field (not toasted); any other refusal is toasted. */
  fields?: FieldRefusals;
};

/**
 * Refine's modal form as the portal's create dialogs use it: the resource's form (its create action,
 * no redirect; the list refreshes after it), opened by the list through `ref` with the row it
 * acts on, a refusal under its field or as a toast, and the Modal props with the portal's
 * defaults (antd's width, rendered when opened, a fresh form after closing).
 */
export function useDialogForm<Values, Row = void>(ref: Ref<DialogHandle<Row>>, { submitTestId, fields = [], onMutationError, ...props }: Options<Values>) {
  const { t } = useTranslation();
  const [row, setRow] = useState<Row | null>(null);
  const dialog = useModalForm<BaseRecord, HttpError, Values>({
    action: 'create',
    redirect: false,
    errorNotification: errorNotice(explainedCodes(fields)),
    onMutationError: (error, variables, context) => {
      showOnField(dialog.form, fields, error);
      onMutationError?.(error, variables, context);
    },
    ...props,
  });
  const { show, form, formProps } = dialog;
  useImperativeHandle(
    ref,
    () => ({
      open: (next: Row) => {
        setRow(next);
        show();
      },
    }),
    [show],
  );
  const modalProps: ModalProps = {
    ...dialog.modalProps,
    width: undefined,
    forceRender: false,
    okButtonProps: { ...dialog.modalProps.okButtonProps, 'data-testid': submitTestId } as ButtonProps,
    cancelText: t('common.actions.cancel'),
    afterClose: () => form.resetFields(),
    destroyOnHidden: true,
  };
  /** Posts what the server gets (the form's values turned into the body); a refusal is handled above. */
  const save = (body: Values) => void Promise.resolve(formProps.onFinish?.(body)).catch(() => undefined);
  return { ...dialog, row, modalProps, save };
}

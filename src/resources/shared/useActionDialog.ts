import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError, type OpenNotificationParams } from '@refinedev/core';
import { Form, type ButtonProps, type FormProps, type ModalProps } from 'antd';
import { useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { explainedCodes, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { errorNotice } from '../../shared/providers/notificationProvider';
import { actionUrl } from '../../shared/providers/resourceEndpoints';
import type { DialogHandle } from './useDialogForm';

interface Options<Values> {
  resource: string;
  /** The resource's named action the dialog posts (resources.ts: meta.endpoints.actions). */
  action: string;
  /** The submit button's test id. */
  submitTestId: string;
  /** Refusals the dialog says under a field (not toasted); any other refusal is toasted. */
  fields?: FieldRefusals;
  successNotification?: OpenNotificationParams | false | ((data: unknown, values: Values) => OpenNotificationParams | false);
  /** Whether a success closes the dialog (a generated password stays on screen instead). */
  autoSubmitClose?: boolean;
  onMutationSuccess?: (data: unknown, values: Values) => void;
  onMutationError?: (error: HttpError, values: Values) => void;
}

/**
 * A dialog that does something to a row (a decision, a hand-over, given-up roles, a mailbox
 * password): one of its resource's named actions through the data provider's custom, with what
 * Refine's modal form gives the create dialogs — the list opens it through `ref` with the row,
 * validation before posting, a loading submit button, the success notice, a refusal under its
 * field or as a toast, and the resource's lists fetched again after a success.
 */
export function useActionDialog<Values extends object, Row>(ref: Ref<DialogHandle<Row>>, options: Options<Values>) {
  const { resource, action, submitTestId, fields = [], successNotification, autoSubmitClose = true, onMutationSuccess, onMutationError } = options;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [row, setRow] = useState<Row | null>(null);
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, Values>();
  const close = () => setOpen(false);

  useImperativeHandle(
    ref,
    () => ({
      open: (next: Row) => {
        setRow(next);
        setOpen(true);
      },
    }),
    [],
  );

  /** Posts what the server gets (the form's values turned into the body); a refusal is handled here. */
  async function post(body: Values): Promise<void> {
    let data: unknown;
    try {
      ({ data } = await mutateAsync({
        url: actionUrl(resource, action),
        method: 'post',
        values: body,
        successNotification: typeof successNotification === 'function' ? (answer) => successNotification(answer?.data, body) : successNotification ?? false,
        errorNotification: errorNotice(explainedCodes(fields)),
      }));
    } catch (error) {
      showOnField(form, fields, error);
      onMutationError?.(error as HttpError, body);
      return;
    }
    // As after a create: the resource's lists are fetched again.
    void invalidate({ resource, invalidates: ['list', 'many'] });
    if (autoSubmitClose) close();
    onMutationSuccess?.(data, body);
  }
  const save = (body: Values) => void post(body);

  const saving = mutation.isPending;
  const formProps: FormProps<Values> = { form };
  const modalProps: ModalProps = {
    open,
    onCancel: close,
    okButtonProps: { disabled: saving, loading: saving, onClick: () => form.submit(), 'data-testid': submitTestId } as ButtonProps,
    cancelText: t('common.actions.cancel'),
    afterClose: () => form.resetFields(),
    destroyOnHidden: true,
  };
  return { form, formProps, modalProps, row, save, close, formLoading: saving };
}

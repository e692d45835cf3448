import { Form, Input, Modal, type ButtonProps } from 'antd';
import { factorEndpoints as ep } from '../../../../contract/endpoints/factors';
import type { PasskeyItem } from '../../../../contract/schemas/factors';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { passkeyNameRules } from '../../../shared/components/factors/passkeyName';
import { useTranslation } from 'react-i18next';

interface Props {
  passkey: PasskeyItem | null;
  onClose: () => void;
  onRenamed: () => void;
}

/** A new name for one passkey (no re-authentication: a name proves nothing). */
export function RenamePasskeyDialog({ passkey, onClose, onRenamed }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useEndpointMutation(ep.passkeyRename, { success: t('factors.passkeys.renamed') });
  async function save({ name }: { name: string }) {
    if (!passkey) return;
    await rename.submit({ id: passkey.id, name: name.trim() }).then(onRenamed, () => undefined);
    onClose();
  }
  return (
    <Modal
      open={!!passkey}
      title={t('factors.passkeys.renameTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: rename.isPending, 'data-testid': 'passkey-rename-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} preserve={false} initialValues={{ name: passkey?.name }} onFinish={(values) => void save(values)}>
        <Form.Item
          name="name"
          label={t('factors.passkeys.name')}
          rules={passkeyNameRules(t)}
        >
          <Input autoFocus data-testid="passkey-rename-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

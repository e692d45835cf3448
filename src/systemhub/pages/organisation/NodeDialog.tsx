import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { DeptKind } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import type { OrgNode } from '../../../../contract/schemas/admin/organisation';
import { DeptSelect } from '../../shared/DeptSelect';
import { showFieldError, type CodeFields } from '../../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';

/** What the dialog does: add under a node (or at the top), rename a node, or move it. */
export type NodeEdit = { mode: 'create'; parent: OrgNode | null } | { mode: 'rename'; node: OrgNode } | { mode: 'move'; node: OrgNode };

const FIELDS: CodeFields = {
  [CODE.orgNameTaken]: 'name',
  [CODE.orgParentInvalid]: ['parentId', 'kind'],
  [CODE.orgMoveCycle]: 'parentId',
  [CODE.deptUnknown]: 'parentId',
};

interface Values {
  name?: string;
  kind?: DeptKind;
  parentId?: number | null;
}

/** One dialog for the tree's three edits; refusals go under the field they are about. */
export function NodeDialog({ edit, onClose, onDone }: { edit: NodeEdit | null; onClose: () => void; onDone: (node: OrgNode) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useEndpointMutation(ENDPOINTS.departments.actions.create, { refresh: [] });
  const rename = useEndpointMutation(ENDPOINTS.departments.actions.rename, { refresh: ['users'] });
  const move = useEndpointMutation(ENDPOINTS.departments.actions.move, { refresh: ['users'] });
  const pending = create.isPending || rename.isPending || move.isPending;

  useEffect(() => {
    if (!edit) return;
    form.resetFields();
    if (edit.mode === 'create') form.setFieldsValue({ kind: edit.parent ? DeptKind.DEPARTMENT : DeptKind.COMPANY, name: '' });
    if (edit.mode === 'rename') form.setFieldsValue({ name: edit.node.name });
    if (edit.mode === 'move') form.setFieldsValue({ parentId: edit.node.parentId });
  }, [edit, form]);

  async function submit(values: Values) {
    if (!edit) return;
    try {
      let node: OrgNode;
      if (edit.mode === 'create') node = await create.submit({ name: values.name ?? '', kind: values.kind ?? DeptKind.DEPARTMENT, parentId: edit.parent?.id ?? null });
      else if (edit.mode === 'rename') node = await rename.submit({ id: edit.node.id, name: values.name ?? '' });
      else node = await move.submit({ id: edit.node.id, parentId: values.parentId ?? null });
      onDone(node);
    } catch (error) {
      showFieldError(form, error, FIELDS);
    }
  }

  const title = !edit
    ? ''
    : edit.mode === 'create'
      ? edit.parent
        ? t('wb.org.addUnder', { name: edit.parent.name })
        : t('wb.org.addTop')
      : t(edit.mode === 'rename' ? 'wb.org.renameTitle' : 'wb.org.moveTitle', { name: edit.node.name });

  return (
    <Modal open={edit !== null} title={title} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: pending }} destroyOnHidden forceRender>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="org-node-form">
        {edit?.mode === 'create' ? (
          <Form.Item name="kind" label={t('wb.org.kind')}>
            <Radio.Group
              options={[
                { value: DeptKind.COMPANY, label: t('wb.org.kinds.COMPANY') },
                { value: DeptKind.DEPARTMENT, label: t('wb.org.kinds.DEPARTMENT'), disabled: !edit.parent },
              ]}
            />
          </Form.Item>
        ) : null}
        {edit?.mode !== 'move' ? (
          <Form.Item name="name" label={t('wb.org.name')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.org.name') }) }]}>
            <Input maxLength={LIMITS.deptNameMax} autoFocus data-testid="org-node-name" />
          </Form.Item>
        ) : (
          <Form.Item name="parentId" label={t('wb.org.newParent')} extra={t('wb.org.topHint')}>
            <DeptSelect data-testid="org-node-parent" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

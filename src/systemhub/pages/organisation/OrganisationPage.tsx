import { ApartmentOutlined, BankOutlined, DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Popconfirm, Row, Space, Spin, Table, Tooltip, Tree, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeptKind } from '../../../../contract/enums';
import type { OrgNode } from '../../../../contract/schemas/admin/organisation';
import type { AdminUserItem } from '../../../../contract/schemas/admin/users';
import { feedback } from '../../../shared/providers/feedback';
import { PageHeader } from '../../shared/PageHeader';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';
import { useOrgTree, type OrgTreeNode } from '../../shared/useOrgTree';
import { UserStateTags } from '../users/UserStateTags';
import { NodeDialog, type NodeEdit } from './NodeDialog';
import { LoadFailed } from '../../../shared/components/LoadFailed';

interface TreeItem {
  key: number;
  title: string;
  icon: ReactNode;
  children: TreeItem[];
}

const toItem = (node: OrgTreeNode): TreeItem => ({
  key: node.id,
  title: `${node.name} (${node.totalUserCount})`,
  icon: node.kind === DeptKind.COMPANY ? <BankOutlined /> : <ApartmentOutlined />,
  children: node.children.map(toItem),
});

/** People placed in a node or anywhere below it. */
function SubtreeUsers({ node }: { node: OrgNode }) {
  const { t } = useTranslation();
  const { tableProps } = useListTable<AdminUserItem>('users', { permanent: [{ field: 'deptId', operator: 'eq', value: node.id }] });
  return (
    <Table<AdminUserItem> {...tableProps} rowKey="id" data-testid="org-users">
      <Table.Column<AdminUserItem> dataIndex="userId" title={t('wb.users.fields.userId')} render={(value: string, row) => <Link to={`/users/show/${row.id}`}>{value}</Link>} />
      <Table.Column<AdminUserItem> dataIndex="userName" title={t('wb.users.fields.userName')} />
      <Table.Column<AdminUserItem> dataIndex="deptPath" title={t('wb.users.fields.deptId')} />
      <Table.Column<AdminUserItem> key="state" title={t('wb.users.state')} render={(_, row) => <UserStateTags user={row} />} />
    </Table>
  );
}

/** The organisation tree: add, rename, move and delete (when empty) nodes; the people of the selected one. */
export default function OrganisationPage() {
  const { t } = useTranslation();
  const { nodes, roots, isLoading, isError, error, refetch } = useOrgTree();
  const remove = useEndpointMutation(ENDPOINTS.departments.actions.delete, { refresh: ['users'] });
  // Only the system administrator shapes the tree; the others read it (and the people in it, where their duty reads people).
  const may = useMay();
  const shapes = may('departments', 'create');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [edit, setEdit] = useState<NodeEdit | null>(null);
  const treeData = useMemo(() => roots.map(toItem), [roots]);
  const selected = nodes.find((node) => node.id === selectedId) ?? null;
  const hasChildren = !!selected && nodes.some((node) => node.parentId === selected.id);
  const deletable = !!selected && !hasChildren && selected.userCount === 0;

  return (
    <>
      <PageHeader
        title={t('wb.org.title')}
        extra={
          shapes ? (
            <Button icon={<PlusOutlined />} onClick={() => setEdit({ mode: 'create', parent: null })} data-testid="org-add-top">
              {t('wb.org.addTop')}
            </Button>
          ) : null
        }
      />
      {isError ? (
        <LoadFailed error={error} onRetry={refetch} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={9} xl={7}>
            <Card size="small" title={t('wb.org.tree')}>
              <Spin spinning={isLoading}>
                {treeData.length ? (
                  <Tree<TreeItem>
                    showIcon
                    blockNode
                    defaultExpandAll
                    treeData={treeData}
                    selectedKeys={selectedId === null ? [] : [selectedId]}
                    onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
                    data-testid="org-tree"
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wb.org.emptyTree')} />
                )}
              </Spin>
            </Card>
          </Col>
          <Col xs={24} lg={15} xl={17}>
            {selected ? (
              <Card
                size="small"
                title={
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{selected.name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {selected.path}
                    </Typography.Text>
                  </Space>
                }
                extra={
                  !shapes ? null : (
                    <Space wrap>
                      <Button size="small" icon={<PlusOutlined />} onClick={() => setEdit({ mode: 'create', parent: selected })} data-testid="org-add-child">
                        {t('wb.org.addChild')}
                      </Button>
                      <Button size="small" icon={<EditOutlined />} onClick={() => setEdit({ mode: 'rename', node: selected })} data-testid="org-rename">
                        {t('wb.org.rename')}
                      </Button>
                      <Button size="small" icon={<DragOutlined />} onClick={() => setEdit({ mode: 'move', node: selected })} data-testid="org-move">
                        {t('wb.org.move')}
                      </Button>
                      <Tooltip title={deletable ? undefined : t('wb.org.notEmpty')}>
                        <Popconfirm
                          title={t('wb.common.deleteConfirm', { name: selected.name })}
                          okButtonProps={{ danger: true }}
                          disabled={!deletable}
                          onConfirm={async () => {
                            await remove.submit({ id: selected.id });
                            feedback.success(t('wb.org.deleted'));
                            setSelectedId(selected.parentId);
                            void refetch();
                          }}
                        >
                          <Button size="small" danger icon={<DeleteOutlined />} disabled={!deletable} data-testid="org-delete">
                            {t('wb.common.delete')}
                          </Button>
                        </Popconfirm>
                      </Tooltip>
                    </Space>
                  )
                }
              >
                {may('users', 'list') ? <SubtreeUsers key={selected.id} node={selected} /> : null}
              </Card>
            ) : (
              <Card size="small">
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wb.org.pick')} />
              </Card>
            )}
          </Col>
        </Row>
      )}
      <NodeDialog
        edit={edit}
        onClose={() => setEdit(null)}
        onDone={(node) => {
          setEdit(null);
          setSelectedId(node.id);
          feedback.success(t('wb.common.saved'));
          void refetch();
        }}
      />
    </>
  );
}

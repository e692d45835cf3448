import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrgTree, type OrgTreeNode } from './useOrgTree';

interface Option {
  value: number;
  title: string;
  children: Option[];
}

const toOption = (node: OrgTreeNode): Option => ({ value: node.id, title: node.name, children: node.children.map(toOption) });

/** A company or department from the organisation tree. */
export function DeptSelect(props: Omit<TreeSelectProps<number | null>, 'treeData'>) {
  const { t } = useTranslation();
  const { roots, isLoading } = useOrgTree();
  const treeData = useMemo(() => roots.map(toOption), [roots]);
  return (
    <TreeSelect<number | null>
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={isLoading}
      placeholder={t('wb.common.chooseDept')}
      style={{ minWidth: 200 }}
      {...props}
      treeData={treeData}
    />
  );
}

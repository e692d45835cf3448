import { Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../shared/providers/feedback';

interface Props<V> {
  /** The picker, given what is picked so far and how to change it. */
  picker: (value: V[], onChange: (next: V[]) => void) => ReactNode;
  /** Adds the picked ones; answers how many were new. */
  add: (picked: V[]) => Promise<{ added: number }>;
  loading: boolean;
  label: ReactNode;
  testId: string;
}

/** Pick people or groups, then add them: the approvers' and grants' lists of an application share this bar. */
export function AddBar<V>({ picker, add, loading, label, testId }: Props<V>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<V[]>([]);
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {picker(picked, setPicked)}
      <Button
        type="primary"
        disabled={!picked.length}
        loading={loading}
        data-testid={testId}
        onClick={async () => {
          const { added } = await add(picked);
          setPicked([]);
          feedback.success(t('wb.apps.people.added', { count: added }));
        }}
      >
        {label}
      </Button>
    </Space>
  );
}

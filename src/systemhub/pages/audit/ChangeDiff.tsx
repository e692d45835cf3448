import { Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminOperationLogRow } from '../../../../contract/schemas/admin/audit';

/** The server masks these with "***" already (server/audit/service.ts); the page never shows them either way. */
const SECRET_KEY = /password|secret|token|hash|otp|credential/i;
const MASK = '***';

type Flat = Map<string, unknown>;

/** Nested objects as dotted field paths ("roleGroup.name"); lists stay one value, read as a list. */
function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) into.set(prefix, value);
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function shown(field: string, value: unknown, t: TFunction): string {
  if (value === undefined || value === null || value === '') return '—';
  if (value === MASK || SECRET_KEY.test(field)) return t('wb.audit.hidden');
  if (typeof value === 'boolean') return t(value ? 'wb.audit.yes' : 'wb.audit.no');
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : '—';
  return String(value);
}

/** A field's words when the workbench has them ("Enabled" for enabled), otherwise its name as stored. */
function fieldWords(field: string, t: TFunction): string {
  const last = field.split('.').pop() ?? field;
  const key = `wb.audit.fields.${last}`;
  const word = t(key);
  return word === key ? field : field.includes('.') ? `${field.slice(0, field.lastIndexOf('.'))} · ${word}` : word;
}

interface DiffRow { field: string; before: string; after: string }

/** Before and after of an administrator's change as field → old → new, listing only what differs. */
export function diffRows(changes: NonNullable<AdminOperationLogRow['changes']>, t: TFunction): DiffRow[] {
  const before = flatten(changes.before);
  const after = flatten(changes.after);
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields
    .filter((f) => !same(before.get(f), after.get(f)))
    .map((f) => ({ field: fieldWords(f, t), before: shown(f, before.get(f), t), after: shown(f, after.get(f), t) }));
}

/** Read by screen readers only: the expand column's header names what its buttons open. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The expand column's header of a table whose rows open their changes. */
export function ChangesColumnTitle() {
  const { t } = useTranslation();
  return <span style={VISUALLY_HIDDEN}>{t('wb.audit.changes')}</span>;
}

export function ChangeDiff({ changes }: { changes: AdminOperationLogRow['changes'] }) {
  const { t } = useTranslation();
  if (!changes) return null;
  const rows = diffRows(changes, t);
  if (!rows.length) return <Typography.Text type="secondary">{t('wb.audit.noDifference')}</Typography.Text>;
  return (
    <Table<DiffRow>
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={rows}
      data-testid="operation-changes"
      style={{ maxWidth: 900 }}
      columns={[
        { dataIndex: 'field', title: t('wb.audit.field'), width: 200 },
        { dataIndex: 'before', title: t('wb.audit.before'), render: (v: string) => <Typography.Text delete={v !== '—'} type="secondary" style={{ wordBreak: 'break-all' }}>{v}</Typography.Text> },
        { dataIndex: 'after', title: t('wb.audit.after'), render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text> },
      ]}
    />
  );
}

import { InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Units a lifetime is entered in, largest first, with their length in seconds. */
const UNITS = [
  ['d', 86_400],
  ['h', 3600],
  ['min', 60],
  ['s', 1],
] as const;
type Unit = (typeof UNITS)[number][0];

const factorOf = (unit: Unit) => UNITS.find(([u]) => u === unit)![1];
/** The largest unit the number of seconds is a whole count of. */
const unitFor = (seconds: number): Unit => UNITS.find(([, factor]) => seconds % factor === 0)![0];

/** A lifetime as people say it: "1 hour", "14 days". */
export function useLifetimeText(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => {
    const unit = unitFor(seconds);
    return t('wb.apps.oidc.lifetime', { count: seconds / factorOf(unit), unit: t(`wb.apps.oidc.unit.${unit}`) });
  };
}

/**
 * A token lifetime in seconds, entered as a number and a unit; empty is null (the provider's
 * default, shown as the placeholder).
 */
export function LifetimeInput({ id, value, onChange, fallback, testId }: { id?: string; value?: number | null; onChange?: (value: number | null) => void; fallback: number; testId?: string }) {
  const { t } = useTranslation();
  const lifetimeText = useLifetimeText();
  const [chosen, setUnit] = useState<Unit>(() => unitFor(value ?? fallback));
  // A value loaded or reset from outside that is no whole count of the chosen unit shows in its own.
  const unit = typeof value === 'number' && value % factorOf(chosen) !== 0 ? unitFor(value) : chosen;
  const shown = typeof value === 'number' ? value / factorOf(unit) : null;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number>
        id={id}
        value={shown}
        min={1}
        precision={0}
        placeholder={t('wb.apps.oidc.defaultLifetime', { value: lifetimeText(fallback) })}
        onChange={(next) => onChange?.(typeof next === 'number' ? next * factorOf(unit) : null)}
        style={{ width: '100%' }}
        data-testid={testId}
      />
      <Select<Unit>
        value={unit}
        onChange={(next) => {
          setUnit(next);
          if (shown !== null) onChange?.(shown * factorOf(next));
        }}
        options={UNITS.map(([u]) => ({ value: u, label: t(`wb.apps.oidc.unit.${u}`) }))}
        style={{ width: 96 }}
        aria-label={t('wb.apps.oidc.unitLabel')}
      />
    </Space.Compact>
  );
}

import { useState, type CSSProperties } from 'react';

interface Props {
  length: number;
  value: string;
  onChange: (value: string) => void;
  /** Called once the code has all its characters (the page submits it). */
  onComplete?: (value: string) => void;
  label: string;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  testId?: string;
}

const box: CSSProperties = {
  width: 44,
  height: 48,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  fontSize: 22,
  fontWeight: 500,
  background: '#fff',
  transition: 'border-color 0.2s, box-shadow 0.2s',
};

/**
 * A row of code boxes. One real input lies transparently over the boxes, so typing, pasting,
 * deleting, the phone's SMS autofill and screen readers all meet a single ordinary field; the
 * boxes only show its characters and where the next one goes.
 */
export function CodeBoxes({ length, value, onChange, onComplete, label, disabled, autoFocus, error, testId = 'code-boxes' }: Props) {
  const [focused, setFocused] = useState(false);
  const chars = value.split('');
  const active = Math.min(value.length, length - 1);

  return (
    <div style={{ position: 'relative', display: 'inline-flex', gap: 8, flexWrap: 'nowrap' }} data-testid={testId}>
      {Array.from({ length }, (_, index) => {
        const current = focused && index === active;
        const borderColor = error ? '#ff4d4f' : current ? '#0958d9' : '#d9d9d9';
        return (
          <span key={index} aria-hidden style={{ ...box, borderColor, boxShadow: current ? '0 0 0 2px rgba(22,119,255,0.15)' : 'none', opacity: disabled ? 0.5 : 1 }}>
            {chars[index] ?? ''}
          </span>
        );
      })}
      <input
        value={value}
        aria-label={label}
        aria-invalid={error || undefined}
        maxLength={length}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Focus on arrival: the code is on its way to the phone as the page opens.
        autoFocus={autoFocus}
        disabled={disabled}
        data-testid={`${testId}-input`}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(event) => {
          const next = event.target.value.replace(/[^0-9A-Za-z]/g, '').slice(0, length);
          onChange(next);
          if (next.length === length && next !== value) onComplete?.(next);
        }}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, border: 'none', fontSize: 16, cursor: disabled ? 'not-allowed' : 'text' }}
      />
    </div>
  );
}

import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInEndpoints } from '../../../contract/endpoints/signIn';
import { useRequest } from '../hooks/useRequest';
import { toastRefusal } from '../providers/feedback';
import { call } from '../providers/api';
import { PageLoading } from './PageLoading';

/** Where a key moves the piece: arrows by 1 px (10 with Shift), Home and End to the ends; null for other keys. */
export function keyedOffset(key: string, shift: boolean, x: number, max: number): number | null {
  const step = shift ? 10 : 1;
  const next = { ArrowRight: x + step, ArrowUp: x + step, ArrowLeft: x - step, ArrowDown: x - step, Home: 0, End: max }[key];
  return next === undefined ? null : Math.min(max, Math.max(0, next));
}

interface Props {
  /** The answer: the slider's key and the horizontal offset the piece was dropped at. */
  onSolve: (capKey: string, x: number) => void;
  disabled?: boolean;
}

/**
 * Slider captcha: the server draws a picture with a gap and the matching piece; the person
 * drags the piece (or moves it with the arrow keys and confirms with Enter) into the gap.
 * Every puzzle answers once, so the parent remounts this (new key) after each attempt.
 */
export function SliderCaptcha({ onSolve, disabled }: Props) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const { data, isLoading, error } = useRequest(() => toastRefusal(call(signInEndpoints.slider, {})), String(round));
  const [x, setX] = useState(0);
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);

  const refresh = () => {
    setX(0);
    setRound((n) => n + 1);
  };

  if (isLoading) return <PageLoading minHeight={194} />;
  if (error || !data) {
    return (
      <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="slider-retry">
        {t('login.slider.retry')}
      </Button>
    );
  }
  const max = data.width - data.pieceSize;
  const solve = (offset: number) => {
    if (!disabled) onSolve(data.capKey, Math.round(offset));
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (disabled) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startOffset: x };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    setX(Math.min(max, Math.max(0, drag.current.startOffset + event.clientX - drag.current.startX)));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    const moved = x !== drag.current.startOffset;
    drag.current = null;
    // A click that moved nothing is not an answer: it would only use the puzzle up.
    if (moved) solve(x);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      solve(x);
      return;
    }
    const next = keyedOffset(event.key, event.shiftKey, x, max);
    if (next === null) return;
    event.preventDefault();
    setX(next);
  };

  const handlers = { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
  return (
    <div style={{ width: data.width, maxWidth: '100%', userSelect: 'none', touchAction: 'none' }} data-testid="slider-captcha" data-cap-key={data.capKey}>
      <div style={{ position: 'relative', width: data.width, height: data.height, borderRadius: 6, overflow: 'hidden' }}>
        <img src={data.bgImage} alt={t('login.slider.imageAlt')} width={data.width} height={data.height} draggable={false} style={{ display: 'block' }} />
        <img
          src={data.pieceImage}
          alt=""
          width={data.pieceSize}
          height={data.pieceSize}
          draggable={false}
          style={{ position: 'absolute', left: x, top: data.y, cursor: 'grab', filter: 'drop-shadow(0 0 3px rgba(0,0,0,0.5))' }}
          {...handlers}
        />
        <button
          type="button"
          onClick={refresh}
          aria-label={t('login.slider.refresh')}
          title={t('login.slider.refresh')}
          style={{ position: 'absolute', top: 4, right: 4, border: 'none', borderRadius: 4, background: 'rgba(255,255,255,0.8)', cursor: 'pointer' }}
        >
          <ReloadOutlined />
        </button>
      </div>
      <div style={{ position: 'relative', height: 36, marginTop: 8, borderRadius: 18, background: '#f0f2f5', border: '1px solid #e4e7ed' }}>
        <span style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 12, color: 'rgba(0,0,0,0.6)' }}>
          {t('login.slider.hint')}
        </span>
        <span
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label={t('login.slider.handle')}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={x}
          aria-disabled={disabled || undefined}
          data-testid="slider-handle"
          onKeyDown={onKeyDown}
          {...handlers}
          style={{
            position: 'absolute', top: -1, left: x, width: data.pieceSize, height: 36, borderRadius: 18, background: '#0958d9',
            color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', cursor: 'grab',
          }}
        >
          ›
        </span>
      </div>
    </div>
  );
}

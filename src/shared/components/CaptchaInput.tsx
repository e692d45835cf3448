import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Input } from './inputs';
import { PageLoading } from './PageLoading';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  image: string;
  loading: boolean;
  len: number;
  onRefresh: () => void;
  /** Called once the answer has the full length (the form submits itself). */
  onComplete?: (value: string) => void;
}

/** Picture-captcha answer field with its image; a click on the image fetches a new one. */
export function CaptchaInput({ value = '', onChange, image, loading, len, onRefresh, onComplete }: Props) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        size="large"
        prefix={<SafetyOutlined />}
        value={value}
        maxLength={len}
        autoComplete="off"
        placeholder={t('common.captcha.placeholder')}
        aria-label={t('common.captcha.placeholder')}
        data-testid="captcha-input"
        onChange={(event) => {
          const next = event.target.value.trim();
          onChange?.(next);
          // Let the form store the value before it submits.
          if (next.length === len) setTimeout(() => onComplete?.(next), 0);
        }}
      />
      <button
        type="button"
        onClick={onRefresh}
        title={t('common.captcha.refresh')}
        aria-label={t('common.captcha.refresh')}
        data-testid="captcha-image"
        style={{ padding: 0, border: 'none', background: 'none', cursor: 'pointer', flex: '0 0 120px', height: 40 }}
      >
        {loading || !image ? (
          <PageLoading minHeight={40} />
        ) : (
          <img src={image} alt={t('common.captcha.imageAlt')} width={120} height={40} />
        )}
      </button>
    </div>
  );
}

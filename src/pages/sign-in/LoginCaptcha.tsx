import { Form, type FormInstance } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaStrategy } from '../../../contract/enums';
import { CaptchaInput } from '../../shared/components/CaptchaInput';
import { PageLoading } from '../../shared/components/PageLoading';
import { useCaptcha } from '../../shared/components/useCaptcha';

/* Only logins configured for the slider need its code; it stays out of the page's first load. */
const SliderCaptcha = lazy(() => import('../../shared/components/SliderCaptcha').then((m) => ({ default: m.SliderCaptcha })));

export interface SliderAnswer {
  capKey: string;
  x: number;
}

/** The form field the picture answer lives in. */
export const PICTURE_FIELD = 'validCode';

/**
 * The captcha a sign-in form shows when the server asks for one: the picture, or the slider
 * when the login type is configured with strategy 3. Each answer is single-use, so next()
 * brings a fresh one after every attempt that sent one.
 */
export function useLoginCaptcha(strategy: CaptchaStrategy, form: FormInstance) {
  const picture = useCaptcha();
  // The slider is on screen while round > 0; each round is a new puzzle.
  const [sliderRound, setSliderRound] = useState(0);
  const slider = strategy === CaptchaStrategy.SLIDER;
  const shown = slider ? sliderRound > 0 : picture.visible;

  return {
    slider,
    shown,
    picture,
    sliderRound,
    ask: () => (slider ? setSliderRound((n) => n + 1) : void picture.show()),
    /** Off screen, its field emptied: the lock message then stands alone, with no prompt for an answer nobody can use. */
    dismiss: () => {
      form.setFields([{ name: PICTURE_FIELD, value: '', errors: [] }]);
      if (slider) setSliderRound(0);
      else picture.hide();
    },
    next: () => {
      if (slider) return setSliderRound((n) => n + 1);
      form.setFieldValue(PICTURE_FIELD, '');
      void picture.refresh();
    },
    /** validCode and capKey to send: the slider's offset, or the picture's text; none when hidden. */
    answer(pictureText: string | undefined, sliderAnswer?: SliderAnswer): { validCode?: string; capKey?: string } {
      if (slider && sliderAnswer) return { validCode: String(sliderAnswer.x), capKey: sliderAnswer.capKey };
      if (picture.visible) return { validCode: pictureText, capKey: picture.capKey };
      return {};
    },
  };
}

export type LoginCaptchaState = ReturnType<typeof useLoginCaptcha>;

interface FieldProps {
  state: LoginCaptchaState;
  busy: boolean;
  /** The picture answer reached its length: the form submits itself. */
  onPictureComplete: () => void;
  onSliderSolve: (answer: SliderAnswer) => void;
}

export function LoginCaptchaField({ state, busy, onPictureComplete, onSliderSolve }: FieldProps) {
  const { t } = useTranslation();
  const { picture } = state;
  if (state.slider) {
    if (!state.shown) return null;
    return (
      <Form.Item label={t('login.slider.label')}>
        <Suspense fallback={<PageLoading minHeight={194} />}>
          <SliderCaptcha key={state.sliderRound} disabled={busy} onSolve={(capKey, x) => onSliderSolve({ capKey, x })} />
        </Suspense>
      </Form.Item>
    );
  }
  if (!picture.visible) return null;
  return (
    <Form.Item name={PICTURE_FIELD} label={t('common.captcha.label')} rules={[{ required: true, len: picture.len, message: t('common.captcha.required') }]}>
      <CaptchaInput image={picture.image} loading={picture.loading} len={picture.len} onRefresh={() => void picture.refresh()} onComplete={onPictureComplete} />
    </Form.Item>
  );
}

import { describe, expect, it } from 'vitest';
import { resendWithCaptcha, sendAskingCaptcha, type CaptchaAnswer } from '../../src/pages/account-flow/guardedSend';
import { ApiError } from '../../src/shared/providers/apiError';

/** An attempt answering from a script, and what each call carried. */
function scripted(...answers: (ApiError | null)[]) {
  const calls: (CaptchaAnswer | undefined)[] = [];
  const attempt = async (captcha?: CaptchaAnswer) => {
    calls.push(captcha);
    const answer = answers.shift() ?? null;
    if (answer) throw answer;
  };
  return { attempt, calls };
}

const refusedWith = (code: string) => new ApiError(code, `text of ${code}`);

describe('a code send that may ask for a captcha', () => {
  it('sends once without a captcha when the server takes it', async () => {
    const { attempt, calls } = scripted(null);
    const refused: unknown[] = [];
    expect(await sendAskingCaptcha(attempt, async () => false, (f) => refused.push(f))).toBe(true);
    expect(calls).toEqual([undefined]);
    expect(refused).toEqual([]);
  });

  it('hands E30127 to the captcha and answers what the captcha made of it', async () => {
    const { attempt } = scripted(refusedWith('E30127'));
    let asked = 0;
    const ask = async () => {
      asked++;
      return true;
    };
    expect(await sendAskingCaptcha(attempt, ask, () => expect.fail('E30127 is not a refusal'))).toBe(true);
    expect(asked).toBe(1);
  });

  it('passes any other refusal on and does not ask for a captcha', async () => {
    for (const code of ['E10808', 'E10809', 'E00429', 'E10806', 'E00408']) {
      const { attempt } = scripted(refusedWith(code));
      const refused: unknown[] = [];
      expect(await sendAskingCaptcha(attempt, () => expect.fail('no captcha'), (f) => refused.push(f))).toBe(false);
      expect(refused.map((f) => (f as ApiError).code)).toEqual([code]);
    }
  });

  it('resends with the answer; a wrong answer asks again with the server text, other refusals close', async () => {
    const answer = { capKey: 'cap-1', capText: 'ab12' };
    const right = scripted(null);
    expect(await resendWithCaptcha(right.attempt, answer, () => expect.fail('sent'))).toEqual({ kind: 'sent' });
    expect(right.calls).toEqual([answer]);

    const wrong = scripted(refusedWith('E10802'));
    expect(await resendWithCaptcha(wrong.attempt, answer, () => expect.fail('a retry'))).toEqual({ kind: 'retry', message: 'text of E10802' });

    const down = scripted(refusedWith('E10808'));
    const refused: unknown[] = [];
    expect(await resendWithCaptcha(down.attempt, answer, (f) => refused.push(f))).toEqual({ kind: 'failed' });
    expect(refused.map((f) => (f as ApiError).code)).toEqual(['E10808']);
  });
});

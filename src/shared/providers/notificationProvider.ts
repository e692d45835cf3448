import type { HttpError, NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import type { ResultCode } from '../../../contract/codeNames';
import { NETWORK_TOAST_SECONDS } from '../../config';
import { CONNECTION_FAILED, NETWORK_ERROR, refusalText } from './apiError';
import { notice } from './feedback';

/**
 * Refine's notifications as the portal's antd message toasts (the FeedbackBridge's instance,
 * which follows the theme and language), not antd's corner notifications: one look for every
 * page. Registered on <Refine>, so pages use `successNotification` / `errorNotification` on
 * Refine's hooks and `useNotification().open` for anything else. The http layer shows nothing
 * itself: a hook's errorNotification is what decides whether a refusal is toasted.
 *
 * For errors the server's text is what the user reads: Refine's default error notification
 * puts it in `description` under a generic "Error (status code: …)", so an error shows its
 * description when there is one.
 */
export const notificationProvider: NotificationProvider = {
  open({ key, message, description, type }: OpenNotificationParams) {
    const text = type === 'error' && description ? description : message;
    // errorNotice keys a toast by its code: network trouble stays up longer.
    const seconds = key === NETWORK_ERROR || key === CONNECTION_FAILED ? NETWORK_TOAST_SECONDS : undefined;
    notice(type === 'progress' ? 'loading' : type, text, key, seconds);
  },
  close(key: string) {
    notice('destroy', '', key);
  },
};

/**
 * The `errorNotification` of a call whose refusals are shown as a toast, except the codes the
 * page shows itself (`quiet`: under a field, in a dialog) and those someone always explains
 * (SILENT_CODES: captcha, sign-in warnings, E00009 for the auth provider's dialog…).
 */
export function errorNotice(quiet: readonly ResultCode[] = []) {
  return (error?: HttpError | unknown): OpenNotificationParams | false => {
    const text = refusalText(error, quiet);
    const code = (error as { code?: unknown } | undefined)?.code;
    return text ? { type: 'error', message: text, key: typeof code === 'string' && code ? code : undefined } : false;
  };
}

/** The `successNotification` of a call that confirms with a short text (which may name what the answer says). */
export function successNotice<T = unknown>(text: string | ((data: T) => string)) {
  return (answer?: { data?: T } | unknown): OpenNotificationParams => ({
    type: 'success',
    message: typeof text === 'function' ? text((answer as { data?: T } | undefined)?.data as T) : text,
  });
}

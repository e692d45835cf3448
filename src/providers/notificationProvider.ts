import type { HttpError, NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import type { ResultCode } from '../../contract/codes';
import { codeIn } from '../../contract/codes';
import { errorCode } from './apiError';
import { notice } from './feedback';
import { SILENT_CODES } from './http';

/**
 * Refine's notifications as the portal's antd message toasts (the FeedbackBridge's instance,
 * which follows the theme and language), not antd's corner notifications: one look for every
 * page. Registered on <Refine>, so pages use `successNotification` / `errorNotification` on
 * Refine's hooks and `useNotification().open` for anything else.
 *
 * For errors the server's text is what the user reads: Refine's default error notification
 * puts it in `description` under a generic "Error (status code: …)", so an error shows its
 * description when there is one.
 */
export const notificationProvider: NotificationProvider = {
  open({ key, message, description, type }: OpenNotificationParams) {
    const text = type === 'error' && description ? description : message;
    notice(type === 'progress' ? 'loading' : type, text, key);
  },
  close(key: string) {
    notice('destroy', '', key);
  },
};

/**
 * The `errorNotification` of a call whose refusals are shown as a toast, except the codes the
 * page shows itself (under a field, in a dialog) and those the http layer never toasts
 * (SILENT_CODES: captcha, sign-in warnings, E00009 for the auth provider…).
 */
export function errorNotice(quiet: readonly ResultCode[] = []) {
  return (error?: HttpError | unknown): OpenNotificationParams | false => {
    const code = errorCode(error);
    if (code === 'CANCELLED' || SILENT_CODES.has(code) || codeIn(quiet, code)) return false;
    const text = error instanceof Error && error.message ? error.message : '';
    return text ? { type: 'error', message: text, key: code || undefined } : false;
  };
}

/** The `successNotification` of a call that confirms with a short text. */
export function successNotice(text: string | (() => string)) {
  return (): OpenNotificationParams => ({ type: 'success', message: typeof text === 'function' ? text() : text });
}

import type { message, Modal, ModalFuncProps } from 'antd';
import type { ResultCode } from '../../../contract/codeNames';
import { NETWORK_TOAST_SECONDS } from '../../config';
import { isNetworkFailure, refusalText } from './apiError';

/**
 * Toasts and confirm dialogs where Refine's notifications and antd's App are out of reach: the
 * auth provider (outside React), the sign-in page (outside <Refine>, for its download budget)
 * and the few components it shares with the other pages. Inside <Refine> pages use
 * Refine's notifications and App.useApp() instead. The instances come from antd's hooks
 * inside ConfigProvider (see FeedbackBridge), so they follow the current theme and locale.
 * Toasts before binding (unit tests, very early errors) are dropped; dialogs wait until their
 * lazily loaded host is ready.
 */
type MessageApi = ReturnType<typeof message.useMessage>[0];
type ModalApi = ReturnType<typeof Modal.useModal>[0];

let messageApi: MessageApi | null = null;
let modalApi: ModalApi | null = null;
let wantModal: (() => void) | null = null;
const waitingDialogs: ModalFuncProps[] = [];

export function bindMessage(api: MessageApi | null): void {
  messageApi = api;
}

export function bindModal(api: ModalApi | null): void {
  modalApi = api;
  if (!api) return;
  for (const props of waitingDialogs.splice(0)) api.confirm(props);
}

/** FeedbackBridge registers here to mount the dialog host on first demand. */
export function onModalWanted(listener: () => void): () => void {
  wantModal = listener;
  if (waitingDialogs.length) listener();
  return () => {
    if (wantModal === listener) wantModal = null;
  };
}

/**
 * One toast by kind, replacing the toast with the same key (Refine's notification keys); for
 * the notification provider. 'destroy' closes the keyed toast.
 */
export function notice(kind: 'success' | 'error' | 'loading' | 'destroy', text: string, key?: string, seconds?: number): void {
  if (!messageApi) return;
  if (kind === 'destroy') {
    messageApi.destroy(key);
    return;
  }
  // Errors are keyed by their text, as feedback.error's are, so two calls refused alike (or a
  // list and the card above it) show one toast.
  void messageApi.open({ type: kind, content: text, key: kind === 'error' ? text : key, ...(kind === 'error' && seconds !== undefined ? { duration: seconds } : {}) });
}

export const feedback = {
  /** Keyed by its text: the same refusal toasted twice shows once. */
  error(text: string, seconds?: number): void {
    void messageApi?.open({ type: 'error', content: text, key: text, ...(seconds === undefined ? {} : { duration: seconds }) });
  },
  warning(text: string, seconds?: number): void {
    void messageApi?.warning(text, seconds);
  },
  success(text: string, seconds?: number): void {
    void messageApi?.success(text, seconds);
  },
  /**
   * A failed call nobody on the page explains, as an error toast (network trouble stays up
   * longer); nothing for the codes in SILENT_CODES or `quiet`, which the caller shows itself.
   */
  refusal(error: unknown, quiet: readonly ResultCode[] = []): void {
    const text = refusalText(error, quiet);
    if (text) feedback.error(text, isNetworkFailure(error) ? NETWORK_TOAST_SECONDS : undefined);
  },
  confirm(props: ModalFuncProps): void {
    if (modalApi) {
      modalApi.confirm(props);
      return;
    }
    waitingDialogs.push(props);
    wantModal?.();
  },
};

/** The call, with its refusal shown as a toast (feedback.refusal) on the way out: for loaders outside <Refine>. */
export function toastRefusal<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    feedback.refusal(error);
    throw error;
  });
}

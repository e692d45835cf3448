import type { message, Modal, ModalFuncProps } from 'antd';

/**
 * Toasts and confirm dialogs for code outside React (http layer, auth provider) and for pages
 * alike. The instances come from antd's hooks inside ConfigProvider (see FeedbackBridge), so
 * they follow the current theme and locale. Toasts before binding (unit tests, very early
 * errors) are dropped; dialogs wait until their lazily loaded host is ready.
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
export function notice(kind: 'success' | 'error' | 'loading' | 'destroy', text: string, key?: string): void {
  if (!messageApi) return;
  if (kind === 'destroy') {
    messageApi.destroy(key);
    return;
  }
  // Errors are keyed by their text, as feedback.error's are, so the http layer's toast and a
  // Refine notification for the same refusal show once.
  void messageApi.open({ type: kind, content: text, key: kind === 'error' ? text : key });
}

export const feedback = {
  /** Keyed by its text: the same refusal toasted twice (http layer and a Refine notification) shows once. */
  error(text: string, seconds?: number): void {
    void messageApi?.open({ type: 'error', content: text, key: text, ...(seconds === undefined ? {} : { duration: seconds }) });
  },
  warning(text: string, seconds?: number): void {
    void messageApi?.warning(text, seconds);
  },
  success(text: string, seconds?: number): void {
    void messageApi?.success(text, seconds);
  },
  info(text: string, seconds?: number): void {
    void messageApi?.info(text, seconds);
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

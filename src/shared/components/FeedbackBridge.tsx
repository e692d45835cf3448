import { message as antdMessage } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { bindMessage, onModalWanted } from '../providers/feedback';

/* Dialogs are rare on the sign-in page, so their code loads on first use. */
const ModalHost = lazy(() => import('./ModalHost'));

/**
 * Hands context-aware message and modal instances (they follow ConfigProvider's locale and
 * theme) to code outside React. antd's hooks are used instead of its <App>, which would also
 * bring the notification component nobody here uses.
 */
export function FeedbackBridge() {
  // Toasts are drawn inside a polite live region that is there before the first one, so screen
  // readers say "Saved" or "Wrong code" too (antd's own container is neither live nor a landmark).
  const live = useRef<HTMLDivElement>(null);
  const [message, messageHolder] = antdMessage.useMessage({ getContainer: () => live.current ?? document.body });
  const [modalWanted, setModalWanted] = useState(false);

  useEffect(() => {
    bindMessage(message);
    return () => bindMessage(null);
  }, [message]);
  useEffect(() => onModalWanted(() => setModalWanted(true)), []);

  return (
    <>
      <div ref={live} role="status" aria-live="polite" data-testid="toasts" />
      {messageHolder}
      {modalWanted ? (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      ) : null}
    </>
  );
}

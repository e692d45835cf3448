import { message as antdMessage } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { bindMessage, onModalWanted } from '../providers/feedback';

/* Dialogs are rare on the sign-in page, so their code loads on first use. */
const ModalHost = lazy(() => import('./ModalHost'));

/**
 * Hands context-aware message and modal instances (they follow ConfigProvider's locale and
 * theme) to code outside React. antd's hooks are used instead of its <App>, which would also
 * bring the notification component nobody here uses.
 */
export function FeedbackBridge() {
  const [message, messageHolder] = antdMessage.useMessage();
  const [modalWanted, setModalWanted] = useState(false);

  useEffect(() => {
    bindMessage(message);
    return () => bindMessage(null);
  }, [message]);
  useEffect(() => onModalWanted(() => setModalWanted(true)), []);

  return (
    <>
      {messageHolder}
      {modalWanted ? (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      ) : null}
    </>
  );
}

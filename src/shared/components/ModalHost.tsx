import { Modal } from 'antd';
import { useEffect } from 'react';
import { bindModal } from '../providers/feedback';

/** Context-aware confirm dialogs; loaded the first time a dialog is asked for. */
export default function ModalHost() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    bindModal(modal);
    return () => bindModal(null);
  }, [modal]);
  return holder;
}

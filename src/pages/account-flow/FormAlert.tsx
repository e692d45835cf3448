import { Alert } from 'antd';

/** A refusal the server explained (policy, wrong code…), above the form's button; announced to screen readers. */
export function FormAlert({ message, onClose }: { message: string | null; onClose?: () => void }) {
  if (!message) return null;
  return <Alert type="error" showIcon closable={!!onClose} onClose={onClose} role="alert" message={message} style={{ marginBottom: 16 }} data-testid="form-alert" />;
}

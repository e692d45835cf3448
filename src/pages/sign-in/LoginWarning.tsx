import { Alert } from 'antd';

/** The server's refusal under the form; role=alert so screen readers announce it. */
export function LoginWarning({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return <Alert type="warning" showIcon closable role="alert" data-testid="login-warning" message={message} onClose={onClose} style={{ marginBottom: 16 }} />;
}

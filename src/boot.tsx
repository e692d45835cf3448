import './shared/antdReact19';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { scheduleFingerprint } from './shared/providers/device';
import './shared/global.css';

scheduleFingerprint();

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds: the first
  // render of antd's forms and their styles is otherwise one task of half a second on a phone.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  });
}

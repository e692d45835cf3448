import '../shared/antdReact19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from '../shared/components/AppShell';
import '../shared/global.css';
import './i18n';
import { workbenchTheme } from './theme';
import { Workbench } from './Workbench';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      {/* The portal's theme (with the workbench's table colours), language and feedback: one look on both sides. */}
      <AppShell theme={workbenchTheme}>
        <Workbench />
      </AppShell>
    </StrictMode>,
  );
}

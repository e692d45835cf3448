import '../shared/antdReact19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from '../shared/components/AppShell';
import '../shared/global.css';
import './i18n';
import { Workbench } from './Workbench';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      {/* The portal's theme, language and feedback: one look on both sides. */}
      <AppShell>
        <Workbench />
      </AppShell>
    </StrictMode>,
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devEndpoints } from '../../../contract/endpoints/dev';
import { MOBILE_BREAKPOINT } from '../../../contract/rules';
import { call } from '../providers/api';
import './outboxLocales';

/* The drawer (antd Drawer, List…) loads on the first click; this launcher stays tiny. */
const DemoOutboxDrawer = lazy(() => import('./DemoOutboxDrawer'));

const launcher = {
  position: 'fixed',
  insetInlineEnd: 24,
  bottom: 24,
  zIndex: 99,
  width: 44,
  height: 44,
  borderRadius: '50%',
  border: 'none',
  background: '#0958d9',
  color: '#fff',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxShadow: '0 6px 16px rgba(0,0,0,0.15)',
  cursor: 'pointer',
} as const;

/** Room kept under the page on phones, so the launcher never sits on the footer's text. */
const LAUNCHER_ROOM = 44 + 24 + 8;

/**
 * The demo outbox launcher. In demo and test mode the server keeps the texts it would have sent
 * (GET /dev/sms/outbox) and this button opens them in a drawer, so a visitor can sign in by SMS
 * without a phone. In production the endpoint answers 404 and nothing is rendered.
 */
export default function DemoOutbox() {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);
  const [open, setOpen] = useState(false);
  // How many times the drawer was opened; 0 means its code has not been needed yet.
  const [openings, setOpenings] = useState(0);

  useEffect(() => {
    let live = true;
    call(devEndpoints.outbox).then(
      () => live && setAvailable(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!available) return null;
  return (
    <>
      <button
        type="button"
        style={launcher}
        aria-label={t('outbox.open')}
        title={t('outbox.open')}
        data-testid="outbox-open"
        onClick={() => {
          setOpen(true);
          setOpenings((n) => n + 1);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden>
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2zm3 6v2h2v-2H7zm4 0v2h2v-2h-2zm4 0v2h2v-2h-2z" />
        </svg>
      </button>
      {window.innerWidth < MOBILE_BREAKPOINT ? <div aria-hidden style={{ height: LAUNCHER_ROOM, flexShrink: 0 }} data-testid="outbox-room" /> : null}
      {openings > 0 ? (
        <Suspense fallback={null}>
          <DemoOutboxDrawer open={open} opening={openings} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { AppstoreOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useState } from 'react';
import type { AppTile } from '../../../contract/schemas/personal';

interface Props {
  app: AppTile;
  active: boolean;
  onOpen: (app: AppTile) => void;
  /** Tiles outside the main grid (home shortcuts) carry their own test id. */
  testId?: string;
}

/** One application: a real button, so it is reachable and operable from the keyboard. */
export function AppTileButton({ app, active, onOpen, testId = 'app-tile' }: Props) {
  const [iconFailed, setIconFailed] = useState(false);
  return (
    <Tooltip title={app.appName}>
      <button type="button" className={`app-tile${active ? ' app-tile--active' : ''}`} data-testid={testId} data-active={active} onClick={() => onOpen(app)}>
        {app.icon && !iconFailed ? (
          // Decorative: the name below is the accessible text.
          <img className="app-tile__icon" src={app.icon} alt="" width={48} height={48} onError={() => setIconFailed(true)} />
        ) : (
          <AppstoreOutlined className="app-tile__icon app-tile__icon--fallback" aria-hidden />
        )}
        <span className="app-tile__name">{app.appName}</span>
      </button>
    </Tooltip>
  );
}

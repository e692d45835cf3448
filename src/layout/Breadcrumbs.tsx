import { HomeOutlined } from '@ant-design/icons';

import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { HOME_PATH } from '../config';
import { entryFor, SUB_PAGES } from './menuItems';
import { useTranslation } from 'react-i18next';

/** Home / section [/ sub-page], derived from the path so every route gets one. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = entryFor(pathname);
  const sub = SUB_PAGES[pathname];
  const items = [{ key: 'home', title: <Link to={HOME_PATH} aria-label={t('layout.home')}><HomeOutlined /></Link> }];
  if (entry) items.push({ key: entry.path, title: sub ? <Link to={entry.path}>{t(entry.labelKey)}</Link> : <span>{t(entry.labelKey)}</span> });
  if (sub) items.push({ key: pathname, title: <span>{t(sub)}</span> });
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} aria-label={t('layout.breadcrumb')} />;
}

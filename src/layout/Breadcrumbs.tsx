import { HomeOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import useBreadcrumbStyle from 'antd/es/breadcrumb/style';
import { Fragment, useContext, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { HOME_PATH } from '../config';
import { entryFor, SUB_PAGES } from './menuItems';
import { useTranslation } from 'react-i18next';

/**
 * Home / section [/ sub-page], derived from the path so every route gets one. antd's Breadcrumb's
 * markup, drawn with its style hook, so it looks and themes the same, without its module: that
 * imports Dropdown for crumbs with a menu, which none of these has, and with it antd's Menu and
 * rc-menu (≈ 20 KB gzipped of the home page's first load, which otherwise needs them only once a
 * phone's menu drawer opens).
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { getPrefixCls, direction, breadcrumb } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('breadcrumb');
  const [wrapCSSVar, hashId, cssVarCls] = useBreadcrumbStyle(prefixCls);
  const entry = entryFor(pathname);
  const sub = SUB_PAGES[pathname];
  const items: { key: string; title: ReactNode }[] = [{ key: 'home', title: <Link to={HOME_PATH} aria-label={t('layout.home')}><HomeOutlined /></Link> }];
  if (entry) items.push({ key: entry.path, title: sub ? <Link to={entry.path}>{t(entry.labelKey)}</Link> : <span>{t(entry.labelKey)}</span> });
  if (sub) items.push({ key: pathname, title: <span>{t(sub)}</span> });
  const className = [prefixCls, breadcrumb?.className, direction === 'rtl' && `${prefixCls}-rtl`, hashId, cssVarCls].filter(Boolean).join(' ');
  return wrapCSSVar(
    <nav className={className} style={{ ...breadcrumb?.style, marginBottom: 16 }} aria-label={t('layout.breadcrumb')}>
      <ol>
        {items.map((item, index) => (
          <Fragment key={item.key}>
            <li className={`${prefixCls}-item`}>
              <span className={`${prefixCls}-link`}>{item.title}</span>
            </li>
            {index < items.length - 1 ? <li className={`${prefixCls}-separator`} aria-hidden="true">/</li> : null}
          </Fragment>
        ))}
      </ol>
    </nav>,
  );
}

import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';
import { useContext, type CSSProperties, type ReactNode } from 'react';

interface PanelProps {
  title?: ReactNode;
  extra?: ReactNode;
  hoverable?: boolean;
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * antd's small Card (bordered, optionally hoverable, with a title and an extra), made of the same
 * markup and styled by the same style hook, so it looks and themes the same. antd's Card module
 * also imports Tabs for its tab list (rc-tabs: about 12 KB gzipped of the home page's first load),
 * which the personal centre's cards never show; a card with tabs keeps antd's Card.
 */
export function Panel({ title, extra, hoverable = false, style, children }: PanelProps) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('card');
  // Registers the card's styles as antd's Card does (skipped when the built CSS has them).
  const [wrapCSSVar, hashId, cssVarCls] = useCardStyle(prefixCls);
  const className = [prefixCls, `${prefixCls}-bordered`, hoverable && `${prefixCls}-hoverable`, `${prefixCls}-small`, direction === 'rtl' && `${prefixCls}-rtl`, hashId, cssVarCls].filter(Boolean).join(' ');
  return wrapCSSVar(
    <div className={className} style={style}>
      {title || extra ? (
        <div className={`${prefixCls}-head`}>
          <div className={`${prefixCls}-head-wrapper`}>
            {title ? <div className={`${prefixCls}-head-title`}>{title}</div> : null}
            {extra ? <div className={`${prefixCls}-extra`}>{extra}</div> : null}
          </div>
        </div>
      ) : null}
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>,
  );
}

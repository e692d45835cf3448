import { ConfigProvider } from 'antd';
import { createElement, useContext, type ReactNode } from 'react';

/** A card's title as the h2 it is, keeping antd's look: the card joins the page's outline. */
export function InlineHeading({ id, children }: { id?: string; children: ReactNode }) {
  return <h2 id={id} className="inline-heading">{children}</h2>;
}

interface ItemMetaProps {
  /** Under the page's h1 (2) or under a section's h2 (3). */
  level?: 2 | 3;
  avatar?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
}

/**
 * antd's List.Item.Meta with the heading level the page's outline needs. antd always writes an
 * h4, which right under a page's h1 skips two levels: screen-reader users navigating by heading
 * lose where they are (axe: heading-order). Same classes, so it looks the same.
 */
export function ItemMeta({ level = 2, avatar, title, description }: ItemMetaProps) {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('list');
  return (
    <div className={`${prefix}-item-meta`}>
      {avatar ? <div className={`${prefix}-item-meta-avatar`}>{avatar}</div> : null}
      <div className={`${prefix}-item-meta-content`}>
        {createElement(`h${level}`, { className: `${prefix}-item-meta-title` }, title)}
        {description ? <div className={`${prefix}-item-meta-description`}>{description}</div> : null}
      </div>
    </div>
  );
}

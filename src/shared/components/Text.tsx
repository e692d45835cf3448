import { ConfigProvider } from 'antd';
import useTypographyStyle from 'antd/es/typography/style';
import { useContext, type CSSProperties, type ReactElement, type ReactNode } from 'react';

interface TextProps {
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  strong?: boolean;
  className?: string;
  style?: CSSProperties;
  title?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/** antd's typography classes (its own, the type's, the caller's, the theme's) and its style wrapper. */
function useTypographyClass(type: string | undefined, className: string | undefined): [(node: ReactElement) => ReactElement, string] {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('typography');
  // Registers the typography styles as antd's Typography does (skipped when the built CSS has them).
  const [wrapCSSVar, hashId, cssVarCls] = useTypographyStyle(prefixCls);
  const classes = [prefixCls, direction === 'rtl' && `${prefixCls}-rtl`, type && `${prefixCls}-${type}`, className, hashId, cssVarCls];
  return [wrapCSSVar, classes.filter(Boolean).join(' ')];
}

/**
 * antd's Typography.Text, for text that is neither copyable, editable nor measured for an
 * ellipsis (those keep antd's): the same markup and styles. antd's wraps every text in a resize
 * observer, a tooltip and a measuring component, and its module (with copy-to-clipboard) was 8 KB
 * gzipped of the home page's first load; the header and the home lists show a dozen of them.
 */
export function Text({ type, strong, className, style, title, children, 'data-testid': testId }: TextProps) {
  const [wrap, classes] = useTypographyClass(type, className);
  return wrap(
    <span className={classes} style={style} title={title} data-testid={testId}>
      {strong ? <strong>{children}</strong> : children}
    </span>,
  );
}

/** antd's Typography.Title (h1–h5), as Text is its Text. */
export function Title({ level = 1, className, style, children, 'data-testid': testId }: { level?: 1 | 2 | 3 | 4 | 5 } & Omit<TextProps, 'type' | 'strong' | 'title'>) {
  const [wrap, classes] = useTypographyClass(undefined, className);
  const Heading = `h${level}` as const;
  return wrap(
    <Heading className={classes} style={style} data-testid={testId}>
      {children}
    </Heading>,
  );
}

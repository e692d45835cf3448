import { Title } from './Text';
import type { CSSProperties, ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

/** antd's level-4 heading size: the page titles keep their look while being the page's h1. */
const PAGE_TITLE_SIZE = 20;

/** The one h1 of a signed-in page (screen readers jump to it; axe expects one per page). */
export function PageTitle({ children, style, testId }: { children: ReactNode; style?: CSSProperties; testId?: string }) {
  useDocumentTitle(typeof children === 'string' ? children : undefined);
  return (
    <Title level={1} style={{ fontSize: PAGE_TITLE_SIZE, marginTop: 0, ...style }} data-testid={testId}>
      {children}
    </Title>
  );
}

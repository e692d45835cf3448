import { Drawer } from 'antd';
import { Text } from '../../shared/components/Text';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { formatTime } from '../../shared/format';
import { useMobile } from '../../shared/components/useMobile';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { ContentState } from './ContentState';
import { safeNoticeLink } from './noticeLink';

interface Props {
  /** The notice to show; null closes the drawer. */
  id: number | null;
  /** The title the list showed, so the drawer has a heading before the body arrives. */
  title: string;
  onClose: () => void;
  /** The server has the notice marked read for this person. */
  onRead: (id: number) => void;
}

/**
 * One notice, read in full: title, time, body and link. Full screen on a phone. The body is plain
 * text (the workbench writes it in a text area): React puts it in as text, so markup in it shows
 * as written and never runs; line breaks are kept by CSS.
 */
export function NoticeDrawer({ id, title, onClose, onRead }: Props) {
  const { t } = useTranslation();
  const mobile = useMobile();
  const { data, query } = useEndpointQuery(securityEndpoints.noticeOpen, { id: id ?? 0 }, { enabled: id !== null, quiet: true });
  const detail = data && data.id === id ? data : undefined;

  useEffect(() => {
    if (detail) onRead(detail.id);
  }, [detail, onRead]);

  const link = safeNoticeLink(detail?.link);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 560}
      title={detail?.title ?? title}
      destroyOnHidden
      data-testid="notice-drawer"
    >
      <ContentState loading={!detail && query.isFetching} error={query.isError ? query.error : null} onRetry={() => void query.refetch()}>
        {detail ? (
          <article>
            <Text type="secondary" data-testid="notice-time">
              {t('home.notices.publishedAt', { time: formatTime(detail.publishedAt) })}
            </Text>
            <div className="notice-body" data-testid="notice-body">{detail.body}</div>
            {link ? (
              <p className="notice-link">
                {t('home.notices.link')}
                <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} data-testid="notice-link">
                  {link.href}
                </a>
              </p>
            ) : null}
          </article>
        ) : null}
      </ContentState>
    </Drawer>
  );
}

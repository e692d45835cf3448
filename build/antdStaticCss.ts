import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { theme } from '../src/shared/theme';

/**
 * antd 5 writes its component styles in the browser (CSS-in-JS): on the sign-in page that is
 * about 200 KB of CSS generated and inserted by script on every first load, a large part of
 * the page's start-up time on a phone. This renders the components the sign-in page and the
 * shell show, with the portal's theme, at build time and writes their styles to a static,
 * cached CSS file linked from the portal's page. antd finds them there (the cache-path map
 * extractStyle appends) and generates only the styles of components not listed here, as before.
 * Listing one component too many costs only bytes; one too few only the old runtime cost.
 */
async function renderStyles(withSignedIn: boolean): Promise<string> {
  const [{ createElement: h }, { renderToString }, antd, cssinjs] = await Promise.all([import('react'), import('react-dom/server'), import('antd'), import('@ant-design/cssinjs')]);
  const { Alert, Avatar, Breadcrumb, Button, Card, Checkbox, Col, ConfigProvider, Divider, Drawer, Empty, Flex, Form, Input, Layout, List, Menu, Modal, Result, Row, Skeleton, Statistic, Tabs, Tag, Tooltip, Typography } = antd;
  const cache = cssinjs.createCache();
  // The signed-in shell and home page (/myApp, where every sign-in lands); their file holds the
  // sign-in page's styles too, since antd reads one cache-path map: the last file's.
  const signedIn = withSignedIn
    ? [
      h(Layout, { key: 'l' }, h(Layout.Header, null), h(Layout.Sider, null, h(Menu, { items: [{ key: 'a', label: 'a' }] })), h(Layout.Content, null)),
      h(Breadcrumb, { key: 'b', items: [{ title: 'a' }] }),
      h(Card, { key: 'c', size: 'small', title: 'a' }, h(Statistic, { title: 'a', value: 1 })),
      h(Row, { key: 'r' }, h(Col, { span: 24 }, h(Flex, null, h(Avatar, null), h(Tag, null, 'a'), h(Typography.Text, null, 'a')))),
      h(List, { key: 'li', dataSource: [1], renderItem: () => h(List.Item, null, 'a') }),
      h(Tabs, { key: 't', items: [{ key: 'a', label: 'a', children: 'a' }] }),
      h(Skeleton, { key: 's', active: true }),
      h(Empty, { key: 'e' }),
      h(Result, { key: 're', status: 'warning' }),
      h(Tooltip, { key: 'to', title: 'a' }, h('span', null, 'a')),
      h(Drawer, { key: 'd', open: false }),
      h(Modal, { key: 'm', open: false }),
    ]
    : [];
  renderToString(
    h(cssinjs.StyleProvider, { cache },
      h(ConfigProvider, { theme },
        h(Form, { layout: 'vertical' },
          h(Form.Item, { label: 'a', help: 'b', validateStatus: 'error', required: true }, h(Input, { prefix: 'c', allowClear: true })),
          h(Form.Item, null, h(Input.Password, null)),
          h(Form.Item, null, h(Checkbox, null, 'd')),
          h(Button, { type: 'primary', block: true }, 'e'),
        ),
        h(Alert, { type: 'warning', showIcon: true, message: 'f' }),
        h(Divider, { type: 'vertical' }),
        ...signedIn,
      ),
    ),
  );
  return cssinjs.extractStyle(cache, true);
}

const assetName = (prefix: string, source: string) => `assets/${prefix}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.css`;

/** The signed-in styles' link: src/main.tsx switches it on (media) outside the sign-in page. */
export const SIGNED_IN_CSS_ID = 'antd-signed-in';

export function antdStaticCss(): Plugin {
  let fileName = '';
  let signedInName = '';
  return {
    name: 'idaas-antd-static-css',
    apply: 'build',
    async buildStart() {
      const [source, signedIn] = await Promise.all([renderStyles(false), renderStyles(true)]);
      fileName = assetName('antd', source);
      signedInName = assetName('antd-app', signedIn);
      this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({ type: 'asset', fileName: signedInName, source: signedIn });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The portal's page only: the workbench has its own theme, so other class hashes.
        if (ctx.path !== '/index.html') return html;
        // The signed-in file matches no medium until the entry switches it on: the sign-in page
        // neither waits for it nor applies it (the browser fetches it last, at idle priority).
        return [
          { tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'stylesheet', href: `/${signedInName}`, media: 'not all', id: SIGNED_IN_CSS_ID }, injectTo: 'head' },
        ];
      },
    },
  };
}

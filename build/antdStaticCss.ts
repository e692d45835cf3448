import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { theme } from '../src/shared/theme';
import { workbenchTheme } from '../src/systemhub/theme';

/**
 * antd 5 writes its component styles in the browser (CSS-in-JS): on the sign-in page that is
 * about 200 KB of CSS generated and inserted by script on every first load, a large part of
 * the page's start-up time on a phone. This renders the components the sign-in page and the
 * shell show, with the portal's theme, at build time and writes their styles to a static,
 * cached CSS file linked from the portal's page. antd finds them there (the cache-path map
 * extractStyle appends) and generates only the styles of components not listed here, as before.
 * The workbench's page links a third file with its lists', forms' and dialogs' components too:
 * generating them took about a third of a second of script on every workbench load.
 * Listing one component too many costs only bytes; one too few only the old runtime cost.
 */
type Page = 'sign-in' | 'signed-in' | 'workbench';

async function renderStyles(page: Page): Promise<string> {
  const [{ createElement: h }, { renderToString }, antd, cssinjs] = await Promise.all([import('react'), import('react-dom/server'), import('antd'), import('@ant-design/cssinjs')]);
  const { Alert, Avatar, Breadcrumb, Button, Card, Checkbox, Col, ConfigProvider, DatePicker, Descriptions, Divider, Drawer, Empty, Flex, Form, Input, InputNumber, Layout, List, Menu, Modal, Pagination, Popconfirm, Progress, Radio, Result, Row, Select, Skeleton, Space, Spin, Statistic, Switch, Table, Tabs, Tag, Tooltip, Tree, TreeSelect, Typography, Upload } = antd;
  const cache = cssinjs.createCache();
  // The signed-in shell and home page (/myApp, where every sign-in lands); their file holds the
  // sign-in page's styles too, since antd reads one cache-path map: the last file's.
  const signedIn = page !== 'sign-in'
    ? [
      h(Layout, { key: 'l' }, h(Layout.Header, null), h(Layout.Sider, null, h(Menu, { items: [{ key: 'a', label: 'a' }] })), h(Layout.Content, null)),
      h(Breadcrumb, { key: 'b', items: [{ title: 'a' }] }),
      h(Card, { key: 'c', size: 'small', title: 'a' }, h(Statistic, { title: 'a', value: 1 })),
      h(Row, { key: 'r' }, h(Col, { span: 24 }, h(Flex, null, h(Avatar, null), h(Tag, null, 'a'), h(Tag, { color: 'blue' }, 'a'), h(Tag, { color: 'success' }, 'a'), h(Typography.Text, null, 'a')))),
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
  // What every workbench page is made of (its lists, filters, forms and dialogs): the workbench
  // page's one file holds these beside the shell's, so opening a list generates no styles.
  const workbench = page === 'workbench'
    ? [
      h(Table, { key: 'wt', rowKey: 'a', size: 'small', rowSelection: {}, dataSource: [{ a: 1 }], columns: [{ key: 'a', dataIndex: 'a', title: 'a', sorter: true, fixed: 'right' }], pagination: { total: 30, showSizeChanger: true } }),
      h(Pagination, { key: 'wp', total: 30 }),
      h(Space, { key: 'ws' }, h(Select, { options: [] }), h(TreeSelect, { treeData: [] }), h(DatePicker.RangePicker, null), h(InputNumber, null), h(Switch, null), h(Radio.Group, { options: ['a'], optionType: 'button' }), h(Radio, null, 'a')),
      h(Descriptions, { key: 'wd', bordered: true, items: [{ key: 'a', label: 'a', children: 'a' }] }),
      h(Popconfirm, { key: 'wc', title: 'a' }, h('span', null, 'a')),
      h(Spin, { key: 'wn' }),
      h(Progress, { key: 'wg', percent: 1 }),
      h(Tree, { key: 'wr', treeData: [{ key: 'a', title: 'a' }] }),
      h(Upload.Dragger, { key: 'wu' }),
      h(Input.Search, { key: 'wi' }),
      h(Input.TextArea, { key: 'wa' }),
    ]
    : [];
  renderToString(
    h(cssinjs.StyleProvider, { cache },
      h(ConfigProvider, { theme: page === 'workbench' ? workbenchTheme : theme },
        h(Form, { layout: 'vertical' },
          h(Form.Item, { label: 'a', help: 'b', validateStatus: 'error', required: true }, h(Input, { prefix: 'c', allowClear: true })),
          h(Form.Item, null, h(Input.Password, null)),
          h(Form.Item, null, h(Checkbox, null, 'd')),
          h(Button, { type: 'primary', block: true }, 'e'),
        ),
        h(Alert, { type: 'warning', showIcon: true, message: 'f' }),
        h(Divider, { type: 'vertical' }),
        ...signedIn,
        ...workbench,
      ),
    ),
  );
  return cssinjs.extractStyle(cache, true);
}

const assetName = (prefix: string, source: string) => `assets/${prefix}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.css`;

/** The signed-in styles' link: src/main.tsx switches it on (media) outside the sign-in page. */
export const SIGNED_IN_CSS_ID = 'antd-signed-in';
/**
 * The portal's page for every path but the sign-in page (server/platform/http/spa.ts picks it
 * by path): the signed-in styles as a plain stylesheet and no sign-in file, whose styles the
 * signed-in file repeats. /myApp no longer downloads and parses 217 KB of CSS it never used.
 */
export const SIGNED_IN_PAGE = 'app.html';

export function antdStaticCss(workbenchSource: string): Plugin {
  let fileName = '';
  let signedInName = '';
  let workbenchName = '';
  return {
    name: 'idaas-antd-static-css',
    apply: 'build',
    async buildStart() {
      const [source, signedIn, workbench] = await Promise.all([renderStyles('sign-in'), renderStyles('signed-in'), renderStyles('workbench')]);
      fileName = assetName('antd', source);
      signedInName = assetName('antd-app', signedIn);
      workbenchName = assetName('antd-workbench', workbench);
      this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({ type: 'asset', fileName: signedInName, source: signedIn });
      this.emitFile({ type: 'asset', fileName: workbenchName, source: workbench });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The workbench (same theme, AppShell) opens on a list: one file with its components too.
        if (ctx.path === `/${workbenchSource}`) return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${workbenchName}` }, injectTo: 'head' }];
        if (ctx.path !== '/index.html') return html;
        // The signed-in file matches no medium until the entry switches it on: the sign-in page
        // neither waits for it nor applies it (the browser fetches it last, at idle priority).
        return [
          { tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'stylesheet', href: `/${signedInName}`, media: 'not all', id: SIGNED_IN_CSS_ID }, injectTo: 'head' },
        ];
      },
    },
    // Before closeBundle, where precompress writes .gz/.br beside every page.
    writeBundle(options, bundle) {
      if (!options.dir || !('index.html' in bundle)) return;
      const index = readFileSync(join(options.dir, 'index.html'), 'utf8');
      const signInLink = new RegExp(`\\s*<link rel="stylesheet" href="/${fileName.replace(/[.]/g, '\\$&')}">`);
      const signedInLink = `<link rel="stylesheet" href="/${signedInName}" media="not all" id="${SIGNED_IN_CSS_ID}">`;
      if (!signInLink.test(index) || !index.includes(signedInLink)) throw new Error('index.html has not the two antd stylesheet links the signed-in page is made from');
      writeFileSync(join(options.dir, SIGNED_IN_PAGE), index.replace(signInLink, '').replace(signedInLink, `<link rel="stylesheet" href="/${signedInName}" id="${SIGNED_IN_CSS_ID}">`));
    },
  };
}

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
async function renderStyles(): Promise<string> {
  const [{ createElement: h }, { renderToString }, antd, cssinjs] = await Promise.all([import('react'), import('react-dom/server'), import('antd'), import('@ant-design/cssinjs')]);
  const { Alert, Button, Checkbox, ConfigProvider, Divider, Form, Input } = antd;
  const cache = cssinjs.createCache();
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
      ),
    ),
  );
  return cssinjs.extractStyle(cache, true);
}

export function antdStaticCss(): Plugin {
  let fileName = '';
  return {
    name: 'idaas-antd-static-css',
    apply: 'build',
    async buildStart() {
      const source = await renderStyles();
      fileName = `assets/antd-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The portal's page only: the workbench has its own theme, so other class hashes.
        if (ctx.path !== '/index.html') return html;
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

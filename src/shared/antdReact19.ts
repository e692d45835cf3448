import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd 5 renders its imperative pieces (button wave, static holders) with the legacy
 * ReactDOM.render, which React 19 removed. This is antd's documented React 19 hook-up,
 * written out here instead of adding the @ant-design/v5-patch-for-react-19 package.
 */
type Container = (Element | DocumentFragment) & { __antdRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__antdRoot ??= createRoot(container);
  const root = container.__antdRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

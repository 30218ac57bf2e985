import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile's imperative pop-ups (Toast.show, Dialog.confirm) render with the React 18 legacy API,
 * which React 19 removed, so they get a createRoot-based renderer (https://mobile.ant.design/guide/v5-for-19).
 * Every use of those pop-ups imports them from here, which guarantees the renderer is installed
 * first, and keeps them (and their animation library) out of the first screen's code.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Unmounting synchronously inside a render would warn; let the current commit finish first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

export { Dialog, Toast };

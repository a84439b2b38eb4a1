// The console's root element: Arco popups render inside it (not in the host's body), and it carries the theme
// class so an embedding host can style around it.
import { useCallback, useRef, type JSX } from 'react';
import { ConfigProvider } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import enUS from '@arco-design/web-react/es/locale/en-US';
import { useTheme } from './theme/ThemeProvider';
// Arco's stylesheet and ours end up in the console's one CSS file (lib: gateway-console.css). Imported here, not
// in lib.ts: package.json marks JS side-effect free, so a bare import in a re-export-only module would be dropped.
import '@arco-design/web-react/dist/css/arco.css';
import './styles.css';

/** The root element: popups render inside it, and it carries the theme class for hosts. */
export function ConsoleRoot({ language, children }: { language: string; children: JSX.Element }) {
  const { mode } = useTheme();
  const root = useRef<HTMLDivElement>(null);
  const container = useCallback(() => root.current ?? document.body, []);
  return (
    <div ref={root} lang={language} className={`gateway-console gateway-console-${mode}`}>
      <ConfigProvider
        locale={language === 'en-US' ? enUS : zhCN}
        getPopupContainer={container}
        componentConfig={{ Modal: { getPopupContainer: container }, Drawer: { getPopupContainer: container } }}
        effectGlobalNotice={false}
        effectGlobalModal={false}
      >
        {children}
      </ConfigProvider>
    </div>
  );
}

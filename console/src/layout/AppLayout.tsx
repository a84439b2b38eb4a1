// Header, sidebar, content, footer (spec 3 §2). The sidebar and footer follow the per-path rules.
import { useState } from 'react';
import { Layout } from '@arco-design/web-react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import { AppFooter } from './AppFooter';
import { showsFooter, showsSidebar } from './layout-rules';

export function AppLayout() {
  const { pathname } = useLocation();
  const [siderOpen, setSiderOpen] = useState<boolean | null>(null);
  const sidebar = showsSidebar(pathname);
  return (
    <Layout className="gc-layout">
      <Layout.Header className="gc-header">
        <AppHeader />
      </Layout.Header>
      {/* hasSider: Arco only lays a Sider out in a row when it is a direct child, and ours is wrapped. */}
      <Layout className="gc-body" hasSider={sidebar}>
        {sidebar && <SideMenu open={siderOpen} onOpenChange={setSiderOpen} />}
        <Layout className="gc-main">
          <Layout.Content className={pathname === '/' ? 'gc-content gc-content-full' : 'gc-content'}>
            <Outlet />
          </Layout.Content>
          {showsFooter(pathname) && (
            <Layout.Footer className="gc-footer">
              <AppFooter />
            </Layout.Footer>
          )}
        </Layout>
      </Layout>
    </Layout>
  );
}

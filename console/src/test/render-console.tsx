// Renders the whole console at a path, the way a host would, against mocked /api answers.
import { render } from '@testing-library/react';
import { GatewayConsole, type GatewayConsoleProps } from '../GatewayConsole';
import { publicStatus } from './fixtures';
import { mockApi, type MockRoute } from './mock-api';

export function renderConsole(path: string, routes: Record<string, MockRoute> = {}, props: GatewayConsoleProps = {}) {
  window.history.replaceState(null, '', path);
  const api = mockApi({
    'GET /api/status': publicStatus(),
    'GET /api/notice': '',
    'GET /api/home_page_content': '',
    ...routes,
  });
  const view = render(<GatewayConsole locale="en-US" {...props} />);
  return { ...view, api };
}

import { createRoot } from 'react-dom/client';
import { GatewayConsole, type GatewayConsoleProps } from './GatewayConsole';

export interface MountedConsole {
  unmount(): void;
}

/** Mounts the console into a host element without the host needing JSX. */
export function mountConsole(el: Element, props: GatewayConsoleProps = {}): MountedConsole {
  const root = createRoot(el);
  root.render(<GatewayConsole {...props} />);
  return { unmount: () => root.unmount() };
}

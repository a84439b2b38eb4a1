// Library entry. Importing it only defines things: no DOM writes, no global i18next, no Arco global config.

export { GatewayConsole, type GatewayConsoleProps } from './GatewayConsole';
export { mountConsole, type MountedConsole } from './mount-console';
export type { Language } from './i18n/create-i18n';
export type { ThemeMode } from './theme/ThemeProvider';

// Where the sidebar and footer are hidden (spec 3 §2 layout rules).
const NO_SIDEBAR = ['/', '/chat', '/pricing', '/about', '/docs', '/helperu', '/applyJoin'];
const NO_FOOTER = ['/chat', '/', '/about', '/docs'];

const matches = (pathname: string, paths: readonly string[]): boolean =>
  paths.some((p) => pathname === p || (p !== '/' && pathname.startsWith(`${p}/`)));

export const showsSidebar = (pathname: string): boolean => !matches(pathname, NO_SIDEBAR);
export const showsFooter = (pathname: string): boolean => !matches(pathname, NO_FOOTER);

/** Spec 1 §9: below 600 px the sidebar starts collapsed. */
export const MOBILE_WIDTH = 600;
export const isMobileWidth = (width: number): boolean => width < MOBILE_WIDTH;

// Which paths the app registers. Menus read it so an entry appears only once its page exists.
import { createContext, useContext } from 'react';

export const RouteRegistryContext = createContext<ReadonlySet<string>>(new Set());
export const useRegisteredPaths = (): ReadonlySet<string> => useContext(RouteRegistryContext);

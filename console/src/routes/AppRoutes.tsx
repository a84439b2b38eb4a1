import { Route, Routes } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { RequireLogin } from '../features/auth/RequireLogin';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { REGISTERED_PATHS, ROUTES } from './route-table';
import { RouteRegistryContext } from './RouteRegistry';

export function AppRoutes() {
  return (
    <RouteRegistryContext.Provider value={REGISTERED_PATHS}>
      <Routes>
        <Route element={<AppLayout />}>
          {ROUTES.map(({ path, Page, access }) => (
            <Route
              key={path}
              path={path}
              element={access === 'login' ? <RequireLogin><Page /></RequireLogin> : <Page />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteRegistryContext.Provider>
  );
}

import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { AccountPage } from './pages/account/account-page';
import { AdjustmentPage } from './pages/adjustments/adjustment-page';
import { ApiKeyList } from './pages/api-keys/api-key-list';
import { ApprovalList } from './pages/approvals/approval-list';
import { ApprovalShow } from './pages/approvals/approval-show';
import { AuditList } from './pages/audit/audit-list';
import { booksRoutes } from './pages/books';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { nodeRoutes } from './pages/nodes';
import { OperatorList } from './pages/operators/operator-list';
import { placementRoutes } from './pages/placement';
import { SettingsList } from './pages/settings/settings-list';
import { SignInPage } from './pages/sign-in/sign-in-page';

/** The console's own pages, inside the signed-in layout (paths relative, as opsRoutes). */
export const ownRoutes: ReactElement = (
  <>
    <Route index element={<DashboardPage />} />
    <Route path="approvals" element={<ApprovalList />} />
    <Route path="approvals/:id" element={<ApprovalShow />} />
    <Route path="adjustments" element={<AdjustmentPage />} />
    <Route path="audit" element={<AuditList />} />
    <Route path="settings" element={<SettingsList />} />
    <Route path="operators" element={<OperatorList />} />
    <Route path="api-keys" element={<ApiKeyList />} />
    <Route path="account" element={<AccountPage />} />
    {placementRoutes}
    {nodeRoutes}
    {booksRoutes}
  </>
);

/** Sign-in: shown without a session (a signed-in operator is sent to the dashboard). */
export const publicRoutes: ReactElement = <Route path="/login" element={<SignInPage />} />;

import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { AdjustmentPage } from './pages/adjustments/adjustment-page';
import { ApprovalList } from './pages/approvals/approval-list';
import { ApprovalShow } from './pages/approvals/approval-show';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { SignInPage } from './pages/sign-in/sign-in-page';

/** The console's own pages, inside the signed-in layout (paths relative, as opsRoutes). */
export const ownRoutes: ReactElement = (
  <>
    <Route index element={<DashboardPage />} />
    <Route path="approvals" element={<ApprovalList />} />
    <Route path="approvals/:id" element={<ApprovalShow />} />
    <Route path="adjustments" element={<AdjustmentPage />} />
  </>
);

/** Sign-in: shown without a session (a signed-in operator is sent to the dashboard). */
export const publicRoutes: ReactElement = <Route path="/login" element={<SignInPage />} />;

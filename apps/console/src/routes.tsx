import type { ReactElement } from 'react';

/** The console's own pages, inside the signed-in layout (paths relative, as opsRoutes). */
export const ownRoutes: ReactElement = <></>;

/** Pages without a session: sign-in and the enrolment link. */
export const publicRoutes: ReactElement = <></>;

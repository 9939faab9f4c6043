import { withQuery } from '../../../lib/redirect';

/** Where the help centre's screens live (PRODUCT_SPEC.md: helpcenterSun/*, service/index). */
export const HELP_PATH = '/pages/helpcenterSun/index';
export const SERVICE_PATH = '/pages/service/index';
/** The member's support tickets (the tickets module's page). */
export const TICKETS_PATH = '/pages/workOrder/index';

export const helpSearchPath = (query: string) => withQuery(HELP_PATH, { q: query });
export const faqPath = (categoryId: string, open?: string) =>
  withQuery('/pages/helpcenterSun/familiar/index', open ? { id: categoryId, open } : { id: categoryId });
export const articlePath = (id: string) => withQuery('/pages/helpcenterSun/correlation/index', { id });

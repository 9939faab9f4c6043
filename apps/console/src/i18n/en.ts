import { accountEn } from '../pages/account/texts';
import { adjustmentsEn } from '../pages/adjustments/texts';
import { agencyEn } from '../pages/agency/texts';
import { apiKeysEn } from '../pages/api-keys/texts';
import { approvalsEn } from '../pages/approvals/texts';
import { auditEn } from '../pages/audit/texts';
import { booksEn } from '../pages/books/texts';
import { dashboardEn } from '../pages/dashboard/texts';
import { nodesEn } from '../pages/nodes/texts';
import { operatorsEn } from '../pages/operators/texts';
import { placementEn } from '../pages/placement/texts';
import { settingsEn } from '../pages/settings/texts';
import { signInEn } from '../pages/sign-in/texts';

/**
 * The console's English texts. Refine's own components read `buttons.*`, `notifications.*`,
 * `pages.error.*`, `actions.*`, `table.*`, and `<resource>.<resource>` for a resource's menu label.
 */
export const en = {
  buttons: {
    create: 'Create',
    save: 'Save',
    logout: 'Sign out',
    delete: 'Delete',
    edit: 'Edit',
    cancel: 'Cancel',
    confirm: 'Are you sure?',
    filter: 'Filter',
    clear: 'Clear',
    refresh: 'Refresh',
    show: 'Show',
    undo: 'Undo',
    import: 'Import',
    clone: 'Clone',
    list: 'List',
    notAccessTitle: 'You do not have permission to do this',
  },
  actions: { list: 'List', create: 'Create', edit: 'Edit', show: 'Details', clone: 'Clone' },
  notifications: {
    success: 'Done',
    error: 'Error (status code: {{statusCode}})',
    undoable: 'You have {{seconds}} seconds to undo',
    createSuccess: 'Created',
    createError: 'Could not create {{resource}} (status code: {{statusCode}})',
    deleteSuccess: 'Deleted',
    deleteError: 'Could not delete {{resource}} (status code: {{statusCode}})',
    editSuccess: 'Saved',
    editError: 'Could not save {{resource}} (status code: {{statusCode}})',
    importProgress: 'Importing: {{processed}}/{{total}}',
  },
  pages: {
    error: {
      info: 'You may have forgotten to add the {{action}} component to the {{resource}} resource.',
      404: 'Sorry, the page you visited does not exist.',
      resource404: 'Are you sure you have created the {{resource}} resource?',
      backHome: 'Back to the dashboard',
    },
  },
  table: { actions: 'Actions' },
  warnWhenUnsavedChanges: 'Leave this page? Your changes are not saved.',
  documentTitle: { default: 'SBC Wallet console', suffix: ' | SBC Wallet console' },
  common: {
    appName: 'SBC Wallet console',
    loading: 'Loading…',
    empty: 'Nothing here yet',
    retry: 'Try again',
    loadFailed: 'This could not be loaded',
    copy: 'Copy',
    copied: 'Copied',
    done: 'Done',
    yes: 'Yes',
    no: 'No',
    none: '—',
    search: 'Search',
    status: 'Status',
    reason: 'Reason',
    createdAt: 'Created',
    updatedAt: 'Updated',
    roles: 'Roles',
    email: 'Email',
    networkError: 'The server could not be reached. Check your connection and try again.',
    forbidden: 'You do not have permission to see this page.',
  },
  roles: {
    support: 'Support',
    finance: 'Finance',
    compliance: 'Compliance',
    admin: 'Admin',
    auditor: 'Auditor',
  },
  groups: {
    overview: 'Overview',
    money: 'Money',
    members: 'Members',
    cards: 'Cards',
    content: 'Content',
    support: 'Support',
    agency: 'Agency',
    placement: 'Sale and nodes',
    books: 'Books',
    administration: 'Administration',
  },
  header: {
    language: 'Language',
    myAccount: 'My account',
    signOut: 'Sign out',
  },
  signIn: signInEn,
  dashboard: dashboardEn,
  approvals: approvalsEn,
  agency: agencyEn,
  placement: placementEn,
  nodes: nodesEn,
  books: booksEn,
  adjustments: adjustmentsEn,
  audit: auditEn,
  settings: settingsEn,
  operators: operatorsEn,
  apiKeys: apiKeysEn,
  account: accountEn,
};

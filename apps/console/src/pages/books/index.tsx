import { AlertOutlined, AuditOutlined, ReconciliationOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { Permission } from '@wallet/contract';
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { GROUP } from '../../layout/groups';
import { lazyPage } from '../placement';

/**
 * The books pages (issue 45): reconciliation runs and their breaks, proof-of-reserves snapshots and
 * the members' failed proof checks, in the Books menu group.
 */
export const booksResources: ResourceProps[] = [
  {
    name: 'books-runs',
    list: '/books/runs',
    meta: { parent: GROUP.books, labelKey: 'books.menu.runs', icon: <ReconciliationOutlined /> },
  },
  {
    name: 'books-breaks',
    list: '/books/breaks',
    show: '/books/breaks/:id',
    meta: { parent: GROUP.books, labelKey: 'books.menu.breaks', icon: <AlertOutlined /> },
  },
  {
    name: 'books-reserves',
    list: '/books/reserves',
    meta: { parent: GROUP.books, labelKey: 'books.menu.reserves', icon: <SafetyCertificateOutlined /> },
  },
  {
    name: 'books-proof-failures',
    list: '/books/proof-failures',
    meta: { parent: GROUP.books, labelKey: 'books.menu.proofFailures', icon: <AuditOutlined /> },
  },
];

export const booksPermissions: Record<string, Record<string, Permission>> = {
  'books-runs': { list: 'books.read', create: 'books.run' },
  'books-breaks': { list: 'books.read', show: 'books.read', resolve: 'books.resolve' },
  'books-reserves': { list: 'books.read', create: 'books.run' },
  'books-proof-failures': { list: 'books.read' },
};

export const booksRoutes: ReactElement = (
  <>
    <Route path="books/runs" element={lazyPage(() => import('./run-list'), 'RunListPage')} />
    <Route path="books/breaks" element={lazyPage(() => import('./break-list'), 'BreakListPage')} />
    <Route path="books/breaks/:id" element={lazyPage(() => import('./break-show'), 'BreakShowPage')} />
    <Route path="books/reserves" element={lazyPage(() => import('./snapshot-list'), 'SnapshotListPage')} />
    <Route path="books/proof-failures" element={lazyPage(() => import('./proof-failures'), 'ProofFailuresPage')} />
  </>
);

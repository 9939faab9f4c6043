import { permissionsOf } from '@wallet/contract';
import { afterEach, expect, it, vi } from 'vitest';
import { forgetSession, rememberSession } from '../lib/session';
import { createAccessControlProvider } from './access-control';

const resources = [
  { name: 'group-administration' },
  { name: 'operators', list: '/operators', meta: { parent: 'group-administration' } },
  { name: 'settings', list: '/settings', meta: { parent: 'group-administration' } },
];
const provider = createAccessControlProvider(resources);

function signedInAs(roles: Parameters<typeof permissionsOf>[0]) {
  rememberSession({
    id: 'o1',
    email: 'o@example.com',
    roles: [...roles],
    permissions: permissionsOf(roles),
    csrfToken: 't',
    idleMinutes: 15,
  });
}

afterEach(() => forgetSession());

it("answers from the session's permissions through the console's table", async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  signedInAs(['auditor']);
  expect(await provider.can({ resource: 'operators', action: 'list' })).toEqual({ can: true });
  expect(await provider.can({ resource: 'operators', action: 'create' })).toEqual({ can: false });
  expect(await provider.can({ resource: 'approvals', action: 'list' })).toEqual({ can: true });
  expect(await provider.can({ resource: 'adjustments', action: 'create' })).toEqual({ can: false });
  signedInAs(['finance']);
  expect(await provider.can({ resource: 'adjustments', action: 'create' })).toEqual({ can: true });
  // Anything the table does not name stays hidden.
  expect(await provider.can({ resource: 'operators', action: 'explode' })).toEqual({ can: false });
});

it('shows a menu group when one of its pages may be opened', async () => {
  signedInAs(['support']);
  expect(await provider.can({ resource: 'group-administration', action: 'list' })).toEqual({ can: false });
  signedInAs(['finance']);
  expect(await provider.can({ resource: 'group-administration', action: 'list' })).toEqual({ can: true });
});

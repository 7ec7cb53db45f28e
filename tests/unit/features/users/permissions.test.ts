import { describe, expect, it } from 'vitest';
import { menuDefinitions } from '../../../../src/contract/menu';
import { childAddBody, childAuthUpdateBody, noGrants } from '../../../../src/contract/users';
import { buildMenuTree } from '../../../../src/features/users/menu-tree';
import { ownerOptions } from '../../../../src/features/users/owners';
import {
  emptyPermissions,
  grantIdsOf,
  permissionBody,
  permissionsOf,
  samePermissions,
  setGrantAll,
  setGrantIds,
} from '../../../../src/features/users/permissions';

const tree = buildMenuTree(menuDefinitions);

describe('the permission editor’s draft', () => {
  it('sends nothing for a new sub-account: no menu, no data, no API tokens', () => {
    const body = permissionBody(tree, emptyPermissions());
    expect(body).toEqual({ menu_ids: [], data: noGrants(), api_enabled: false });
  });

  it('sends what the contract takes, for creation and for an update', () => {
    const draft = {
      ticked: new Set([201, 702]),
      data: setGrantIds(setGrantAll(noGrants(), 'certs', true), 'domains', ['d1', 'd2']),
      api_enabled: true,
    };
    const body = permissionBody(tree, draft);
    expect(body).toEqual({
      menu_ids: [200, 201, 700, 702],
      data: {
        domains: { all: false, ids: ['d1', 'd2'] },
        certs: { all: true, ids: [] },
        users: { all: false, ids: [] },
      },
      api_enabled: true,
    });
    expect(
      childAddBody.safeParse({ login: 'ops1', password: 'Ab1#efgh', confirm_password: 'Ab1#efgh', ...body })
        .success,
    ).toBe(true);
    expect(childAuthUpdateBody.safeParse({ child_user_id: 9, ...body }).success).toBe(true);
  });

  it('drops the list of a kind granted in full ("all, including future items"), and repeated ids', () => {
    let data = setGrantIds(noGrants(), 'domains', ['d1', 'd1', 'd2']);
    expect(permissionBody(tree, { ...emptyPermissions(), data }).data.domains).toEqual({
      all: false,
      ids: ['d1', 'd2'],
    });
    data = setGrantAll(data, 'domains', true);
    expect(permissionBody(tree, { ...emptyPermissions(), data }).data.domains).toEqual({
      all: true,
      ids: [],
    });
    // The list stays in the draft: choosing "selected" again shows it.
    expect(grantIdsOf(data, 'domains')).toEqual(['d1', 'd1', 'd2']);
  });

  it('keeps owners as user ids, the pickers naming them as text', () => {
    const data = setGrantIds(noGrants(), 'users', ['7', '12', 'x', '-1']);
    expect(data.users.ids).toEqual([7, 12]);
    expect(grantIdsOf(data, 'users')).toEqual(['7', '12']);
  });

  it('reads a childAuthLists answer and tells unsaved changes from the order of a list', () => {
    const answer = {
      auths: menuDefinitions
        .filter((m) => !m.mainOnly)
        .map((m) => ({ ...m, checked: [100, 101, 300].includes(m.menu_id) })),
      data: { ...noGrants(), domains: { all: false, ids: ['b', 'a'] } },
      api_enabled: false,
    };
    const answerTree = buildMenuTree(answer.auths);
    const draft = permissionsOf(answerTree, answer);
    expect([...draft.ticked]).toEqual([101]);
    const reordered = { ...draft, data: setGrantIds(draft.data, 'domains', ['a', 'b']) };
    expect(samePermissions(answerTree, draft, reordered)).toBe(true);
    expect(samePermissions(answerTree, draft, { ...draft, api_enabled: true })).toBe(false);
    expect(samePermissions(answerTree, draft, { ...draft, ticked: new Set([101, 301]) })).toBe(false);
  });
});

describe('the owners to grant by user', () => {
  const loginInfo = {
    view_id: 7,
    user_id: 7,
    login: 'demo',
    lists: [{ id: 7, account: 'demo' }],
    login_account_source: 0,
    service_status: 'open' as const,
    kind: 'main' as const,
  };
  const child = (id: number, login: string) => ({
    id,
    login,
    real_name: '',
    mobile: '',
    email: '',
    remark: '',
    created_at: '2026-01-01T00:00:00Z',
    security_level: 'low' as const,
    two_factor: { type: 'totp' as const, enabled: false },
    api_enabled: false,
  });

  it('are the main account and its sub-accounts, never the sub-account itself', () => {
    const options = ownerOptions(
      loginInfo,
      [child(8, 'ops'), child(9, 'analyst')],
      { main: 'Main account' },
      9,
    );
    expect(options.map((o) => [o.id, o.label])).toEqual([
      ['7', 'demo'],
      ['8', 'ops'],
    ]);
  });

  it('name the customer account when a channel account acts for it', () => {
    const channel = { ...loginInfo, user_id: 3, login: 'channel', lists: [{ id: 7, account: 'shop' }] };
    expect(ownerOptions(channel, [], { main: 'Main account' })[0]).toMatchObject({ id: '7', label: 'shop' });
  });
});

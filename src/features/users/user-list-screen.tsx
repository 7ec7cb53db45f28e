import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../api';
import { limits } from '../../contract/limits';
import type { ChildSummary } from '../../contract/users';
import { EmptyListCard } from '../../ui/empty-list-card';
import { formatDateTime } from '../../ui/format';
import { ListPage } from '../../ui/list-page';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { DeleteUserDialog } from './delete-user-dialog';
import { PasswordDialog } from './password-dialog';
import { userDetailHref } from './search';
import { securityColors, securityLabels } from './user-messages';
import { useChildren, useUserCall, withReads } from './use-reads';
import { useReadsStatus } from '../../sync/reads';

type Open = { kind: 'password'; user: ChildSummary } | { kind: 'delete'; user: ChildSummary } | null;

/**
 * Sub-accounts (spec §2 /cdn/user/list, §3 Sub-account, §6): the main account's sub-accounts with
 * their contacts, security level, two-factor sign-in and API permission; create (up to 5, spec
 * §9), detail, permissions, password reset and delete. The list is read through the read layer, so
 * it stays readable offline "as of" its time; changes need a connection.
 */
export const UserListScreen = withReads(UserListBody);

function UserListBody() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const read = useChildren();
  const reads = useReadsStatus(online);
  const call = useUserCall();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const users = read.data?.lists ?? [];
  const max = read.data?.max ?? limits.subAccountsMax;
  const total = read.data?.total ?? users.length;
  const full = total >= max;
  const title = t({ id: 'user.list.title', message: 'Sub-accounts' });
  const limitNote = t({
    id: 'user.list.limit',
    message: plural(max, { one: 'Up to # sub-account', other: 'Up to # sub-accounts' }),
  });

  const columns: ListColumn[] = [
    { header: t({ id: 'user.col.login', message: 'Login' }) },
    { header: t({ id: 'user.col.realName', message: 'Real name' }) },
    { header: t({ id: 'user.col.mobile', message: 'Mobile' }) },
    { header: t({ id: 'user.col.email', message: 'Email' }), hideBelow: 'lg' },
    { header: t({ id: 'user.col.created', message: 'Created' }), hideBelow: 'lg' },
    { header: t({ id: 'user.col.security', message: 'Security level' }) },
    { header: t({ id: 'user.col.twoFactor', message: 'Two-factor' }) },
    { header: t({ id: 'user.col.api', message: 'API permission' }) },
    { header: t({ id: 'user.col.actions', message: 'Actions' }) },
  ];

  const remove = async (user: ChildSummary) => {
    setOpen(null);
    const login = user.login;
    try {
      await call('childDelete', { user_id: user.id });
      notify('success', t({ id: 'user.delete.done', message: `Sub-account ${login} deleted.` }));
    } catch (error) {
      notify('error', isApiError(error) ? error.message : String(error));
    }
  };

  const createButton = full ? (
    <HStack gap="2">
      <Text fontSize="sm" color="fg.muted" id="user-list-limit">
        {limitNote}
      </Text>
      <Button size="sm" colorPalette="blue" disabled aria-describedby="user-list-limit">
        {t({ id: 'user.list.create', message: 'Create sub-account' })}
      </Button>
    </HStack>
  ) : (
    <Button asChild size="sm" colorPalette="blue">
      <a href="#/cdn/user/create">{t({ id: 'user.list.create', message: 'Create sub-account' })}</a>
    </Button>
  );

  const login = open?.kind === 'delete' ? open.user.login : '';
  const dialogs = (
    <>
      {open?.kind === 'password' ? <PasswordDialog user={open.user} online={online} onClose={close} /> : null}
      <DeleteUserDialog
        open={open?.kind === 'delete'}
        login={login}
        onConfirm={() => open?.kind === 'delete' && void remove(open.user)}
        onCancel={close}
      />
    </>
  );

  return (
    <ListPage
      title={title}
      intro={t({
        id: 'user.list.intro',
        message:
          'Sub-accounts sign in on their own and act in your account with the permissions you give them.',
      })}
      count={t({
        id: 'user.list.count',
        message: plural(total, {
          one: `# sub-account, at most ${max}.`,
          other: `# sub-accounts, at most ${max}.`,
        }),
      })}
      reads={reads}
      read={read}
      actions={read.data ? createButton : null}
      neverRead={{
        what: t({ id: 'user.list.what', message: 'the sub-accounts' }),
      }}
    >
      {() => (
        <>
          {users.length === 0 ? (
            <EmptyListCard
              title={t({ id: 'user.list.empty', message: 'No sub-accounts yet.' })}
              hint={t({
                id: 'user.list.emptyHint',
                message:
                  'Create one for each colleague who works in the console: each signs in with its own login, and sees only the functions, domains and certificates you give it.',
              })}
              action={
                <Button asChild colorPalette="blue">
                  <a href="#/cdn/user/create">
                    {t({ id: 'user.list.create', message: 'Create sub-account' })}
                  </a>
                </Button>
              }
            />
          ) : (
            <ListTable columns={columns}>
              {users.map((user) => (
                <Table.Row key={user.id}>
                  <Table.Cell fontWeight="medium">
                    <a href={userDetailHref(user.id)}>{user.login}</a>
                  </Table.Cell>
                  <Table.Cell>{user.real_name || '--'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{user.mobile || '--'}</Table.Cell>
                  <Table.Cell hideBelow="lg" maxW="220px" truncate title={user.email}>
                    {user.email || '--'}
                  </Table.Cell>
                  <Table.Cell hideBelow="lg" whiteSpace="nowrap">
                    {formatDateTime(user.created_at)}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={securityColors[user.security_level]}>
                      {i18n._(securityLabels[user.security_level])}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {user.two_factor.enabled
                      ? t({ id: 'user.state.on', message: 'On' })
                      : t({ id: 'user.state.off', message: 'Off' })}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {user.api_enabled
                      ? t({ id: 'user.api.allowed', message: 'Allowed' })
                      : t({ id: 'user.api.notAllowed', message: 'Not allowed' })}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <HStack gap="1">
                      <Button asChild size="xs" variant="outline">
                        <a href={userDetailHref(user.id)}>
                          {t({ id: 'user.action.detail', message: 'Details' })}
                        </a>
                      </Button>
                      <Button asChild size="xs" variant="outline">
                        <a href={userDetailHref(user.id, 'permissions')}>
                          {t({ id: 'user.action.permissions', message: 'Edit permissions' })}
                        </a>
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={!online}
                        onClick={() => setOpen({ kind: 'password', user })}
                      >
                        {t({ id: 'user.action.password', message: 'Reset password' })}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        disabled={!online}
                        onClick={() => setOpen({ kind: 'delete', user })}
                      >
                        {t({ id: 'user.action.delete', message: 'Delete' })}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </ListTable>
          )}
          {dialogs}
        </>
      )}
    </ListPage>
  );
}

import { Button, HStack } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ChildSummary } from '../../contract/users';
import { DetailList, type DetailRow } from '../../ui/detail-list';
import { SectionCard } from '../../ui/section-card';
import { type PermissionDraft } from './permissions';
import { userDetailHref } from './search';

/** The "done" step: what was created, and where to go next. */
export function CreatedSummary({
  user,
  menuCount,
  permissions,
  onCreateAnother,
  canCreateAnother,
}: {
  user: ChildSummary;
  menuCount: number;
  permissions: PermissionDraft;
  onCreateAnother(): void;
  canCreateAnother: boolean;
}) {
  const { t } = useLingui();
  const login = user.login;
  const grantText = (grant: { all: boolean; ids: unknown[] }) => {
    const count = grant.ids.length;
    if (grant.all) return t({ id: 'user.done.all', message: 'All, including future ones' });
    return count === 0
      ? t({ id: 'user.done.none', message: 'None' })
      : t({ id: 'user.done.some', message: plural(count, { one: '# item', other: '# items' }) });
  };
  const rows: DetailRow[] = [
    [t({ id: 'user.field.login', message: 'Login' }), login],
    [t({ id: 'user.field.realName', message: 'Real name' }), user.real_name || '--'],
    [t({ id: 'user.field.mobile', message: 'Mobile' }), user.mobile || '--'],
    [t({ id: 'user.field.email', message: 'Email' }), user.email || '--'],
    [
      t({ id: 'user.perm.functionTitle', message: 'Function permission' }),
      menuCount === 0
        ? t({ id: 'user.done.none', message: 'None' })
        : t({
            id: 'user.done.menu',
            message: plural(menuCount, { one: '# function', other: '# functions' }),
          }),
    ],
    [t({ id: 'user.perm.domains', message: 'By domain' }), grantText(permissions.data.domains)],
    [t({ id: 'user.perm.certs', message: 'By certificate' }), grantText(permissions.data.certs)],
    [t({ id: 'user.perm.users', message: 'By user' }), grantText(permissions.data.users)],
    [
      t({ id: 'user.perm.apiTitle', message: 'API permission' }),
      user.api_enabled
        ? t({ id: 'user.api.allowed', message: 'Allowed' })
        : t({ id: 'user.api.notAllowed', message: 'Not allowed' }),
    ],
  ];
  return (
    <SectionCard
      titleId="user-create-done"
      titleRole="status"
      title={t({ id: 'user.done.title', message: `Sub-account ${login} created` })}
      hint={t({
        id: 'user.done.hint',
        message:
          'Give its login and password to the person who will use it. They sign in on the sign-in page as you do.',
      })}
      footer={
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="blue">
            <a href="#/cdn/user/list">{t({ id: 'user.done.toList', message: 'Back to the sub-accounts' })}</a>
          </Button>
          <Button asChild variant="outline">
            <a href={userDetailHref(user.id)}>
              {t({ id: 'user.done.toDetail', message: 'View its details' })}
            </a>
          </Button>
          {canCreateAnother ? (
            <Button variant="outline" onClick={onCreateAnother}>
              {t({ id: 'user.done.another', message: 'Create another' })}
            </Button>
          ) : null}
        </HStack>
      }
    >
      <DetailList rows={rows} />
    </SectionCard>
  );
}

import { Button, Tabs } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api';
import { Code } from '../../contract/codes';
import { useCall, useReadsStatus } from '../../sync/reads';
import { formatDateTime } from '../../ui/format';
import { ScreenHeader } from '../../ui/screen-header';
import { ScreenPage } from '../../ui/screen-page';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useOnline } from '../../ui/use-online';
import { NotLoaded } from './not-loaded';
import { ScreenNotice } from './screen-notice';
import { userDetailTabs, type UserDetailTab } from './search';
import { tabLabels } from './user-messages';
import { withReads } from './use-reads';
import { PermissionsTab } from './permissions-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

export interface UserDetailScreenProps {
  /** The sub-account's id. */
  id: number;
  tab: UserDetailTab;
  onTab(tab: UserDetailTab): void;
  /** The left menu's labels, by server item name: the function permission tree says the same. */
  menuLabels: Readonly<Record<string, MessageDescriptor>>;
}

/**
 * A sub-account (spec §2 /cdn/user/detail/{id}, §3): its profile (the login fixed once set, spec
 * §5; the name, contacts and remark editable), its permissions (the editor of the create step,
 * saved as a whole) and its security (level, two-factor sign-in, password reset, deletion). Read
 * through the read layer, so it shows offline "as of" its time; changes need a connection.
 */
export const UserDetailScreen = withReads(function UserDetail(props: UserDetailScreenProps) {
  // Another sub-account is another screen: nothing read or typed for one shows for the next.
  return <UserDetailBody key={props.id} {...props} />;
});

function UserDetailBody({ id, tab, onTab, menuLabels }: UserDetailScreenProps) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const read = useCall('childDetail', { user_id: id });
  const reads = useReadsStatus(online);
  const user = read.data?.user.id === id ? read.data.user : undefined;

  const back = (
    <Button asChild size="sm" variant="outline">
      <a href="#/cdn/user/list">{t({ id: 'user.detail.back', message: 'Sub-accounts' })}</a>
    </Button>
  );

  if (!user) {
    const missing = isApiError(read.error) && read.error.code === Code.notFound;
    const header = (
      <ScreenHeader title={t({ id: 'user.detail.title', message: 'Sub-account' })}>{back}</ScreenHeader>
    );
    if (missing)
      return (
        <ScreenNotice
          header={header}
          message={t({
            id: 'user.detail.missing',
            message: 'This sub-account does not exist: it may have been deleted.',
          })}
          href="#/cdn/user/list"
          action={t({ id: 'user.detail.toList', message: 'Go to the sub-accounts' })}
        />
      );
    return (
      <NotLoaded
        header={header}
        reads={reads}
        failed={read.failed}
        what={t({ id: 'user.detail.what', message: 'the sub-account' })}
      />
    );
  }

  const created = formatDateTime(user.created_at);
  return (
    <ScreenPage
      title={user.login}
      intro={t({ id: 'user.detail.summary', message: `Sub-account, created ${created}` })}
      actions={
        <>
          <StoredListStatus list={reads} />
          {back}
        </>
      }
      maxW="1200px"
    >
      <Tabs.Root value={tab} onValueChange={(e) => onTab(e.value as UserDetailTab)} variant="line" lazyMount>
        <Tabs.List>
          {userDetailTabs.map((name) => (
            <Tabs.Trigger key={name} value={name}>
              {i18n._(tabLabels[name])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileTab key={user.id} user={user} online={online} />
        </Tabs.Content>
        <Tabs.Content value="permissions">
          <PermissionsTab id={user.id} online={online} menuLabels={menuLabels} />
        </Tabs.Content>
        <Tabs.Content value="security">
          <SecurityTab user={user} online={online} />
        </Tabs.Content>
      </Tabs.Root>
    </ScreenPage>
  );
}

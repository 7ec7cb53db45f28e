import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCall, useReadsStatus } from '../../sync/reads';
import { useAppState } from '../../ui/app-state';
import { formatDateTime } from '../../ui/format';
import { ScreenHeader } from '../../ui/screen-header';
import { ScreenPage } from '../../ui/screen-page';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useOnline } from '../../ui/use-online';
import { NotLoaded } from './not-loaded';
import { withReads } from './use-reads';
import { ProfileCard } from './profile-card';
import { SecurityCard } from './security-card';
import { OutOfReach } from './out-of-reach';

export interface AccountCenterScreenProps {
  /** The account shown: the signed-in one, or the customer account a channel works in. */
  id: number;
}

/**
 * The account center (spec §2 /cdn/user/detail/{id} of the active account, §3, §5): the account's
 * base information and contacts, and, for the signed-in account itself, its security: level,
 * password change and two-factor sign-in (TOTP with a QR code and recovery codes). Read through
 * the read layer, so it shows offline "as of" its time; changes need a connection.
 */
export const AccountCenterScreen = withReads(function AccountCenter({ id }: AccountCenterScreenProps) {
  return <AccountCenterBody key={id} id={id} />;
});

function AccountCenterBody({ id }: AccountCenterScreenProps) {
  const { loginInfo } = useAppState();
  // A sub-account has its own account center only: other accounts are not its to see.
  if (loginInfo?.kind === 'sub' && loginInfo.user_id !== id) return <OutOfReach ownId={loginInfo.user_id} />;
  return <AccountCenterOf id={id} />;
}

function AccountCenterOf({ id }: AccountCenterScreenProps) {
  const { t } = useLingui();
  const { loginInfo } = useAppState();
  const online = useOnline();
  const read = useCall('baseInfo', { user_id: id });
  const reads = useReadsStatus(online);
  const account = read.data?.id === id ? read.data : undefined;
  const title = t({ id: 'user.center.title', message: 'Account center' });
  const own = loginInfo?.user_id === id;
  // `update` changes a sub-account's own contacts, else those of the active account.
  const editable = loginInfo ? (loginInfo.kind === 'sub' ? own : loginInfo.view_id === id) : false;

  if (!account)
    return (
      <NotLoaded
        header={<ScreenHeader title={title} />}
        reads={reads}
        failed={read.failed}
        what={t({ id: 'user.center.what', message: 'the account' })}
      />
    );

  const created = formatDateTime(account.created_at);
  const login = account.login;
  return (
    <ScreenPage
      title={title}
      intro={t({ id: 'user.center.summary', message: `${login}, registered ${created}` })}
      actions={<StoredListStatus list={reads} />}
      maxW="1200px"
    >
      <ProfileCard account={account} editable={editable} online={online} />
      {own ? (
        <SecurityCard login={account.login} online={online} />
      ) : (
        <Card.Root>
          <Card.Body>
            <Text fontSize="sm" color="fg.muted">
              {t({
                id: 'user.center.othersSecurity',
                message:
                  'Password and two-factor authentication belong to the login that signed in: change them in its own account center.',
              })}
            </Text>
            {loginInfo ? (
              <HStack mt="3">
                <Button asChild size="sm" variant="outline">
                  <a href={`#/cdn/user/detail/${loginInfo.user_id}`}>
                    {t({ id: 'user.center.toOwn', message: 'Open my account center' })}
                  </a>
                </Button>
              </HStack>
            ) : null}
          </Card.Body>
        </Card.Root>
      )}
    </ScreenPage>
  );
}

import { Badge, Button, Card, DataList, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { BaseInfo } from '../../contract/schemas';
import { useCall, useReadsStatus } from '../../sync/reads';
import { useAppState } from '../../ui/app-state';
import { formatDateTime } from '../../ui/format';
import { ScreenHeader } from '../../ui/screen-header';
import { StoredListStatus } from '../../ui/stored-list-status';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { TextField } from './fields';
import { NotLoaded } from './not-loaded';
import { PasswordChangeDialog } from './password-dialog';
import { TwoFactorDisableDialog, TwoFactorEnableDialog } from './two-factor-dialogs';
import { problemText, securityColors, securityLabels } from './user-messages';
import { useFieldForm, useSend } from './use-field-form';
import { useUserCall, withReads } from './use-reads';
import { contactBody, contactFields, contactProblems, type ContactDraft } from './validate';

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

function OutOfReach({ ownId }: { ownId: number }) {
  const { t } = useLingui();
  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      <ScreenHeader title={t({ id: 'user.center.title', message: 'Account center' })} />
      <Card.Root>
        <Card.Body>
          <Stack align="center" textAlign="center" gap="3" py="10" role="status">
            <Text fontWeight="semibold">
              {t({
                id: 'user.center.outOfReach',
                message: 'A sub-account can open only its own account center.',
              })}
            </Text>
            <Button asChild size="sm" colorPalette="blue">
              <a href={`#/cdn/user/detail/${ownId}`}>
                {t({ id: 'user.center.toOwn', message: 'Open my account center' })}
              </a>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
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
        loading={t({ id: 'user.center.loading', message: 'Loading the account…' })}
        failedTitle={t({ id: 'user.center.failed', message: 'The account could not be loaded.' })}
        offlineTitle={t({
          id: 'user.center.offlineTitle',
          message: 'This account has not been loaded on this device yet.',
        })}
      />
    );

  const created = formatDateTime(account.created_at);
  const login = account.login;
  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      <ScreenHeader
        title={title}
        summary={
          <Text color="fg.muted" fontSize="sm">
            {t({ id: 'user.center.summary', message: `${login}, registered ${created}` })}
          </Text>
        }
      >
        <StoredListStatus list={reads} />
      </ScreenHeader>
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
    </Stack>
  );
}

const item = (label: string, value: ReactNode) => (
  <DataList.Item key={label}>
    <DataList.ItemLabel>{label}</DataList.ItemLabel>
    <DataList.ItemValue>{value}</DataList.ItemValue>
  </DataList.Item>
);

const contactsOf = (account: BaseInfo): ContactDraft => ({
  real_name: account.real_name,
  mobile: account.mobile,
  email: account.email,
  company: account.company,
});
const sameContacts = (a: ContactDraft, b: ContactDraft) =>
  JSON.stringify(contactBody(a)) === JSON.stringify(contactBody(b));

function ProfileCard({
  account,
  editable,
  online,
}: {
  account: BaseInfo;
  editable: boolean;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const call = useUserCall();
  const [base, setBase] = useState<ContactDraft>(() => contactsOf(account));
  const form = useFieldForm<ContactDraft>(base, contactProblems);
  const { draft, setDraft, shown, change, touch, reset } = form;
  const {
    busy,
    failure,
    submit: save,
  } = useSend(form, contactFields, async (sent) => {
    const answer = await call('update', contactBody(sent), (a) => [['baseInfo', { user_id: a.id }, a]]);
    const saved = contactsOf(answer);
    setBase(saved);
    reset(saved);
    notify('success', t({ id: 'user.center.saved', message: 'Contact details saved.' }));
  });
  const changed = !sameContacts(draft, base);
  // Read again (refresh, reconnection): what was not edited follows the server.
  const latest = contactsOf(account);
  if (!sameContacts(latest, base)) {
    setBase(latest);
    if (!changed) setDraft(latest);
  }

  const verified = account.real_name_verified;
  return (
    <Card.Root as="section" aria-labelledby="account-profile-title">
      <Card.Header>
        <Heading as="h2" size="md" id="account-profile-title">
          {t({ id: 'user.center.profile', message: 'Basic information' })}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <DataList.Root orientation="horizontal">
            {item(t({ id: 'user.col.login', message: 'Login' }), account.login)}
            {item(
              t({ id: 'user.center.kind', message: 'Account type' }),
              account.kind === 'main'
                ? t({ id: 'user.owner.main', message: 'Main account' })
                : t({ id: 'user.center.sub', message: 'Sub-account' }),
            )}
            {item(
              t({ id: 'user.center.realNameStatus', message: 'Real-name verification' }),
              <Badge colorPalette={verified ? 'green' : 'orange'}>
                {verified
                  ? t({ id: 'user.center.verified', message: 'Verified' })
                  : t({ id: 'user.center.unverified', message: 'Not verified' })}
              </Badge>,
            )}
            {item(
              t({ id: 'user.center.registered', message: 'Registered' }),
              formatDateTime(account.created_at),
            )}
          </DataList.Root>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <TextField
                  label={t({ id: 'user.field.realName', message: 'Real name' })}
                  maxLength={50}
                  disabled={!editable || verified}
                  value={draft.real_name}
                  onChange={(real_name) => change({ real_name })}
                  onBlur={() => touch('real_name')}
                  problem={problemText(i18n, shown.real_name)}
                  helper={
                    verified
                      ? t({
                          id: 'user.center.realNameLocked',
                          message: 'The real name of a verified account cannot be changed.',
                        })
                      : undefined
                  }
                />
                <TextField
                  label={t({ id: 'user.field.company', message: 'Company' })}
                  maxLength={100}
                  disabled={!editable}
                  value={draft.company}
                  onChange={(company) => change({ company })}
                  onBlur={() => touch('company')}
                  problem={problemText(i18n, shown.company)}
                />
                <TextField
                  type="tel"
                  inputMode="numeric"
                  maxLength={20}
                  disabled={!editable}
                  label={t({ id: 'user.field.mobile', message: 'Mobile' })}
                  value={draft.mobile}
                  onChange={(mobile) => change({ mobile })}
                  onBlur={() => touch('mobile')}
                  problem={problemText(i18n, shown.mobile)}
                  helper={t({
                    id: 'user.field.mobileHint',
                    message: 'An 11-digit mobile number of China Mainland',
                  })}
                />
                <TextField
                  type="email"
                  inputMode="email"
                  maxLength={254}
                  disabled={!editable}
                  label={t({ id: 'user.field.email', message: 'Email' })}
                  value={draft.email}
                  onChange={(email) => change({ email })}
                  onBlur={() => touch('email')}
                  problem={problemText(i18n, shown.email)}
                />
              </SimpleGrid>
              {failure ? (
                <Text color="fg.error" role="alert">
                  {failure}
                </Text>
              ) : null}
              {editable ? (
                <HStack justify="flex-end" gap="3" wrap="wrap">
                  {online ? null : (
                    <Text fontSize="sm" color="fg.warning" role="status" me="auto">
                      {t({
                        id: 'user.center.offline',
                        message: 'This needs a connection: account details go straight to the server.',
                      })}
                    </Text>
                  )}
                  <Button variant="outline" disabled={!changed || busy} onClick={() => reset(base)}>
                    {t({ id: 'user.action.discard', message: 'Discard changes' })}
                  </Button>
                  <Button type="submit" colorPalette="blue" loading={busy} disabled={!online || !changed}>
                    {t({ id: 'user.center.save', message: 'Save' })}
                  </Button>
                </HStack>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t({
                    id: 'user.center.readOnly',
                    message: 'Switch to this account to change its contact details.',
                  })}
                </Text>
              )}
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SecurityCard({ login, online }: { login: string; online: boolean }) {
  const { t, i18n } = useLingui();
  const read = useCall('twoFactorStatus', undefined);
  const [open, setOpen] = useState<'password' | 'enable' | 'disable' | null>(null);
  const status = read.data;
  const left = status?.recovery_codes_left ?? 0;
  const close = () => setOpen(null);
  const row = (label: string, value: ReactNode, action: ReactNode) => (
    <HStack
      justify="space-between"
      align={{ base: 'flex-start', md: 'center' }}
      gap="4"
      wrap="wrap"
      py="3"
      borderTopWidth="1px"
    >
      <Stack gap="1" minW="0">
        <Text fontWeight="medium">{label}</Text>
        <Text fontSize="sm" color="fg.muted">
          {value}
        </Text>
      </Stack>
      {action}
    </HStack>
  );
  return (
    <Card.Root as="section" aria-labelledby="account-security-title">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md" id="account-security-title">
            {t({ id: 'user.security.title', message: 'Security' })}
          </Heading>
          {status ? (
            <HStack gap="2">
              <Text fontSize="sm" color="fg.muted">
                {t({ id: 'user.col.security', message: 'Security level' })}
              </Text>
              <Badge colorPalette={securityColors[status.security_level]}>
                {i18n._(securityLabels[status.security_level])}
              </Badge>
            </HStack>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="0">
          {row(
            t({ id: 'user.field.password', message: 'Password' }),
            t({
              id: 'user.center.passwordHint',
              message: '8–20 characters with at least three of: uppercase, lowercase, digits, symbols.',
            }),
            <Button size="sm" variant="outline" disabled={!online} onClick={() => setOpen('password')}>
              {t({ id: 'user.password.changeTitle', message: 'Change password' })}
            </Button>,
          )}
          {row(
            t({ id: 'user.security.twoFactor', message: 'Two-factor authentication' }),
            status === undefined
              ? read.failed
                ? t({ id: 'user.center.statusFailed', message: 'The state could not be loaded.' })
                : '…'
              : status.enabled
                ? t({
                    id: 'user.center.twoFactorOn',
                    message: `On: sign-in asks for a code of the authenticator app (TOTP). Recovery codes left: ${left}.`,
                  })
                : t({
                    id: 'user.center.twoFactorOff',
                    message:
                      'Off: sign-in asks for the password only. Turn it on to raise the security level.',
                  }),
            status === undefined ? null : status.enabled ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={!online}
                onClick={() => setOpen('disable')}
              >
                {t({ id: 'user.twoFactor.disableSubmit', message: 'Turn off' })}
              </Button>
            ) : (
              <Button size="sm" colorPalette="blue" disabled={!online} onClick={() => setOpen('enable')}>
                {t({ id: 'user.twoFactor.enableAction', message: 'Turn on' })}
              </Button>
            ),
          )}
          {online ? null : (
            <Text fontSize="sm" color="fg.warning" role="status" pt="3" borderTopWidth="1px">
              {t({
                id: 'user.offline.security',
                message: 'This needs a connection: passwords and sign-in settings go straight to the server.',
              })}
            </Text>
          )}
        </Stack>
      </Card.Body>
      {open === 'password' ? <PasswordChangeDialog online={online} onClose={close} /> : null}
      {open === 'enable' ? <TwoFactorEnableDialog login={login} online={online} onClose={close} /> : null}
      {open === 'disable' ? <TwoFactorDisableDialog online={online} onClose={close} /> : null}
    </Card.Root>
  );
}

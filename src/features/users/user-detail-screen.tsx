import { Alert, Badge, Button, Card, DataList, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '../../api';
import { Code } from '../../contract/codes';
import type { ChildSummary } from '../../contract/users';
import { useCall, useReadsStatus } from '../../sync/reads';
import { useAppState } from '../../ui/app-state';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDateTime } from '../../ui/format';
import { ScreenHeader } from '../../ui/screen-header';
import { StoredListStatus } from '../../ui/stored-list-status';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { ProfileFields } from './fields';
import { NotLoaded } from './not-loaded';
import { buildMenuTree, type MenuGroup } from './menu-tree';
import { ownerOptions } from './owners';
import { PasswordDialog } from './password-dialog';
import { PermissionEditor } from './permission-editor';
import { permissionBody, permissionsOf, samePermissions, type PermissionDraft } from './permissions';
import { userDetailTabs, type UserDetailTab } from './search';
import { securityColors, securityLabels, tabLabels } from './user-messages';
import { useChildren, useUserCall, withReads } from './use-reads';
import {
  hasProblems,
  profileBody,
  profileFields,
  profileProblems,
  refusalOf,
  type ProfileDraft,
} from './validate';
import { useFieldForm } from './use-field-form';

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
        <Stack gap="5" maxW="1200px" mx="auto">
          {header}
          <Card.Root>
            <Card.Body>
              <Stack align="center" textAlign="center" gap="3" py="10" role="status">
                <Text fontWeight="semibold">
                  {t({
                    id: 'user.detail.missing',
                    message: 'This sub-account does not exist: it may have been deleted.',
                  })}
                </Text>
                <Button asChild size="sm" colorPalette="blue">
                  <a href="#/cdn/user/list">
                    {t({ id: 'user.detail.toList', message: 'Go to the sub-accounts' })}
                  </a>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        </Stack>
      );
    return (
      <NotLoaded
        header={header}
        reads={reads}
        failed={read.failed}
        loading={t({ id: 'user.detail.loading', message: 'Loading the sub-account…' })}
        failedTitle={t({ id: 'user.detail.failed', message: 'The sub-account could not be loaded.' })}
        offlineTitle={t({
          id: 'user.detail.offlineTitle',
          message: 'This sub-account has not been loaded on this device yet.',
        })}
      />
    );
  }

  const created = formatDateTime(user.created_at);
  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      <ScreenHeader
        title={user.login}
        summary={
          <Text color="fg.muted" fontSize="sm">
            {t({ id: 'user.detail.summary', message: `Sub-account, created ${created}` })}
          </Text>
        }
      >
        <StoredListStatus list={reads} />
        {back}
      </ScreenHeader>
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
    </Stack>
  );
}

/** A change that needs a connection, said where its button is. */
function OfflineNote() {
  const { t } = useLingui();
  return (
    <Text fontSize="sm" color="fg.warning" role="status">
      {t({
        id: 'user.offline.change',
        message: 'This needs a connection: changes of sub-accounts go straight to the server.',
      })}
    </Text>
  );
}

const profileOf = (user: ChildSummary): ProfileDraft => ({
  real_name: user.real_name,
  mobile: user.mobile,
  email: user.email,
  remark: user.remark,
});

function ProfileTab({ user, online }: { user: ChildSummary; online: boolean }) {
  const { t } = useLingui();
  const call = useUserCall();
  const [base, setBase] = useState<ProfileDraft>(() => profileOf(user));
  const { draft, setDraft, problems, shown, setSubmitted, setServer, change, touch, reset } =
    useFieldForm<ProfileDraft>(base, profileProblems);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const same = (a: ProfileDraft, b: ProfileDraft) =>
    JSON.stringify(profileBody(a)) === JSON.stringify(profileBody(b));
  const changed = !same(draft, base);
  // Read again (refresh, reconnection): what was not edited follows the server.
  const latest = profileOf(user);
  if (!same(latest, base)) {
    setBase(latest);
    if (!changed) setDraft(latest);
  }

  const save = async () => {
    setSubmitted(true);
    if (hasProblems(problems) || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await call('childUpdate', { user_id: user.id, ...profileBody(draft) }, (a) => [
        ['childDetail', { user_id: user.id }, a],
      ]);
      const saved = profileOf(answer.user);
      setBase(saved);
      reset(saved);
      notify('success', t({ id: 'user.profile.saved', message: 'Profile saved.' }));
    } catch (error) {
      const refusal = refusalOf(error, profileFields);
      setServer(refusal.fields);
      setFailure(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="user-profile-title" mt="4">
      <Card.Header>
        <Heading as="h2" size="md" id="user-profile-title">
          {t({ id: 'user.profile.title', message: 'Profile' })}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="5">
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t({ id: 'user.field.login', message: 'Login' })}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Stack gap="0">
                    <Text fontWeight="medium">{user.login}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {t({ id: 'user.profile.loginFixed', message: 'The login cannot be changed once set.' })}
                    </Text>
                  </Stack>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t({ id: 'user.col.created', message: 'Created' })}</DataList.ItemLabel>
                <DataList.ItemValue>{formatDateTime(user.created_at)}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <ProfileFields value={draft} problems={shown} onChange={change} onTouch={touch} />
            {failure ? (
              <Text color="fg.error" role="alert">
                {failure}
              </Text>
            ) : null}
            <HStack justify="flex-end" gap="3" wrap="wrap">
              {online ? null : <OfflineNote />}
              <Button
                variant="outline"
                disabled={!changed || busy}
                onClick={() => {
                  setDraft(base);
                  setServer({});
                  setSubmitted(false);
                }}
              >
                {t({ id: 'user.action.discard', message: 'Discard changes' })}
              </Button>
              <Button type="submit" colorPalette="blue" loading={busy} disabled={!online || !changed}>
                {t({ id: 'user.action.save', message: 'Save' })}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function PermissionsTab({
  id,
  online,
  menuLabels,
}: {
  id: number;
  online: boolean;
  menuLabels: UserDetailScreenProps['menuLabels'];
}) {
  const { t } = useLingui();
  const read = useCall('childAuthLists', { child_user_id: id });
  const auths = read.data?.auths;
  const tree = useMemo(() => (auths ? buildMenuTree(auths) : null), [auths]);
  if (!read.data || !tree) {
    if (read.failed)
      return (
        <Alert.Root status="error" mt="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'user.perm.readFailed', message: 'The permissions could not be read.' })}
            </Alert.Title>
            {isApiError(read.error) && read.error.message ? (
              <Alert.Description>{read.error.message}</Alert.Description>
            ) : null}
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={read.refetch}>
            {t({ id: 'common.action.retry', message: 'Retry' })}
          </Button>
        </Alert.Root>
      );
    return <CenteredSpinner label={t({ id: 'user.perm.reading', message: 'Reading the permissions…' })} />;
  }
  return (
    <PermissionsForm
      key={id}
      id={id}
      tree={tree}
      latest={permissionsOf(tree, read.data)}
      online={online}
      menuLabels={menuLabels}
    />
  );
}

function PermissionsForm({
  id,
  tree,
  latest,
  online,
  menuLabels,
}: {
  id: number;
  tree: readonly MenuGroup[];
  /** The permissions as last read. */
  latest: PermissionDraft;
  online: boolean;
  menuLabels: UserDetailScreenProps['menuLabels'];
}) {
  const { t } = useLingui();
  const { loginInfo } = useAppState();
  const children = useChildren();
  const call = useUserCall();
  const [base, setBase] = useState(latest);
  const [draft, setDraft] = useState(latest);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = !samePermissions(tree, draft, base);
  // Read again (refresh, reconnection): what was not edited follows the server.
  if (!samePermissions(tree, latest, base)) {
    setBase(latest);
    if (!changed) setDraft(latest);
  }
  const owners = ownerOptions(
    loginInfo,
    children.data?.lists ?? [],
    { main: t({ id: 'user.owner.main', message: 'Main account' }) },
    id,
  );

  const save = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const input = { child_user_id: id };
      const answer = await call('childAuthUpdate', { ...input, ...permissionBody(tree, draft) }, (a) => [
        ['childAuthLists', input, a],
      ]);
      const saved = permissionsOf(tree, answer);
      setBase(saved);
      setDraft(saved);
      notify('success', t({ id: 'user.perm.saved', message: 'Permissions saved.' }));
    } catch (error) {
      setFailure(refusalOf(error, []).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4" mt="4">
      <PermissionEditor
        tree={tree}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setFailure(null);
        }}
        menuLabels={menuLabels}
        owners={owners}
      />
      {failure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'user.perm.refused', message: 'The permissions were not saved' })}
            </Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <HStack
        justify="flex-end"
        gap="3"
        wrap="wrap"
        position="sticky"
        bottom="0"
        bg="bg"
        py="3"
        borderTopWidth="1px"
      >
        {changed ? (
          <Text fontSize="sm" color="fg.muted" me="auto" role="status">
            {t({ id: 'user.perm.unsaved', message: 'You have unsaved changes.' })}
          </Text>
        ) : null}
        {online ? null : <OfflineNote />}
        <Button variant="outline" disabled={!changed || busy} onClick={() => setDraft(base)}>
          {t({ id: 'user.action.discard', message: 'Discard changes' })}
        </Button>
        <Button colorPalette="blue" loading={busy} disabled={!online || !changed} onClick={() => void save()}>
          {t({ id: 'user.perm.save', message: 'Save permissions' })}
        </Button>
      </HStack>
    </Stack>
  );
}

function SecurityTab({ user, online }: { user: ChildSummary; online: boolean }) {
  const { t, i18n } = useLingui();
  const call = useUserCall();
  const [open, setOpen] = useState<'password' | 'delete' | null>(null);
  const login = user.login;
  const remove = async () => {
    setOpen(null);
    try {
      await call('childDelete', { user_id: user.id });
      notify('success', t({ id: 'user.delete.done', message: `Sub-account ${login} deleted.` }));
      window.location.hash = '#/cdn/user/list';
    } catch (error) {
      notify('error', isApiError(error) ? error.message : String(error));
    }
  };
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="4" mt="4">
      <Card.Root as="section" aria-labelledby="user-security-title">
        <Card.Header>
          <Heading as="h2" size="md" id="user-security-title">
            {t({ id: 'user.security.title', message: 'Security' })}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            <DataList.Root orientation="horizontal">
              {item(
                t({ id: 'user.col.security', message: 'Security level' }),
                <Badge colorPalette={securityColors[user.security_level]}>
                  {i18n._(securityLabels[user.security_level])}
                </Badge>,
              )}
              {item(
                t({ id: 'user.security.twoFactor', message: 'Two-factor authentication' }),
                user.two_factor.enabled
                  ? t({ id: 'user.state.on', message: 'On' })
                  : t({ id: 'user.state.off', message: 'Off' }),
              )}
              {item(
                t({ id: 'user.col.api', message: 'API permission' }),
                user.api_enabled
                  ? t({ id: 'user.api.allowed', message: 'Allowed' })
                  : t({ id: 'user.api.notAllowed', message: 'Not allowed' }),
              )}
            </DataList.Root>
            <Text fontSize="sm" color="fg.muted">
              {t({
                id: 'user.security.hint',
                message:
                  'The security level rises with two-factor authentication and with a mobile or email to reach the sub-account. Two-factor authentication is turned on by the sub-account itself.',
              })}
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="blue" disabled={!online} onClick={() => setOpen('password')}>
                {t({ id: 'user.action.password', message: 'Reset password' })}
              </Button>
              <Button
                variant="outline"
                colorPalette="red"
                disabled={!online}
                onClick={() => setOpen('delete')}
              >
                {t({ id: 'user.action.deleteAccount', message: 'Delete sub-account' })}
              </Button>
              {online ? null : <OfflineNote />}
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
      {open === 'password' ? (
        <PasswordDialog user={user} online={online} onClose={() => setOpen(null)} />
      ) : null}
      <ConfirmDialog
        open={open === 'delete'}
        title={t({ id: 'user.delete.title', message: `Delete the sub-account ${login}?` })}
        message={t({
          id: 'user.delete.message',
          message:
            'It is signed out and can no longer sign in; its API tokens stop working. What it created stays with your account. This cannot be undone.',
        })}
        confirmLabel={t({ id: 'user.delete.confirm', message: 'Delete' })}
        cancelLabel={t({ id: 'common.action.cancel', message: 'Cancel' })}
        onConfirm={() => void remove()}
        onCancel={() => setOpen(null)}
      />
    </Stack>
  );
}

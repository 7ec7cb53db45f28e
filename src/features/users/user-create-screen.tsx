import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { limits } from '../../contract/limits';
import type { ChildSummary } from '../../contract/users';
import { useAppState } from '../../ui/app-state';
import { SectionCard } from '../../ui/section-card';
import { useOnline } from '../../ui/use-online';
import { CreateStepper } from './create-stepper';
import { PasswordFields, ProfileFields } from './fields';
import { buildMenuTree, tickCount } from './menu-tree';
import { ownerOptions } from './owners';
import { PermissionEditor } from './permission-editor';
import { emptyPermissions, permissionBody, type PermissionDraft } from './permissions';
import { TextField } from './text-field';
import { problemText, type CreateStep } from './user-messages';
import { useChildren, useUserCall, withReads } from './use-reads';
import {
  accountFields,
  accountProblems,
  emptyAccount,
  hasProblems,
  loginOf,
  profileBody,
  refusalOf,
  type AccountDraft,
} from './validate';
import { useFieldForm } from './use-field-form';
import { CreatedSummary } from './created-summary';

export interface UserCreateScreenProps {
  /** The left menu's labels, by server item name: the function permission tree says the same. */
  menuLabels: Readonly<Record<string, MessageDescriptor>>;
}

/** What the server said when it did not create the sub-account, above the form. */
interface Refused {
  message: string | null;
  limit: boolean;
}

/**
 * Create sub-account (spec §2 /cdn/user/create): fill in info (login, fixed once set; password
 * with its policy; name and contacts), assign permissions (function and data permission, API
 * tokens), done. The rules are the contract's, checked when "Next" is pressed and then live on
 * each field left; a refusal of the server (the sixth sub-account, a login in use) is shown on
 * the step it concerns, with everything typed kept.
 */
export const UserCreateScreen = withReads(UserCreateBody);

function UserCreateBody({ menuLabels }: UserCreateScreenProps) {
  const { t, i18n } = useLingui();
  const { loginInfo, menu } = useAppState();
  const online = useOnline();
  const children = useChildren();
  const call = useUserCall();
  const tree = useMemo(() => buildMenuTree(menu), [menu]);

  const [step, setStep] = useState<CreateStep>('info');
  const { draft, problems, shown, submitted, server, setSubmitted, setServer, change, touch, reset } =
    useFieldForm<AccountDraft>(emptyAccount, accountProblems);
  const [permissions, setPermissions] = useState<PermissionDraft>(emptyPermissions);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ChildSummary | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const full = children.data !== undefined && children.data.total >= children.data.max;
  const owners = ownerOptions(loginInfo, children.data?.lists ?? [], {
    main: t({ id: 'user.owner.main', message: 'Main account' }),
  });

  const top = useRef<HTMLDivElement>(null);
  // A new step starts at its top (the buttons that lead to it are at the bottom of the last one).
  // A block body: newer browsers answer scrollIntoView with a promise, which is no effect cleanup.
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [step]);
  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const next = () => {
    setSubmitted(true);
    if (hasProblems(problems) || hasProblems(server)) return setFocusRequest((n) => n + 1);
    setStep('permissions');
  };

  const create = async () => {
    if (busy) return;
    setBusy(true);
    setRefused(null);
    try {
      const answer = await call('childAdd', {
        login: loginOf(draft),
        password: draft.password,
        confirm_password: draft.confirm_password,
        ...profileBody(draft),
        ...permissionBody(tree, permissions),
      });
      setCreated(answer.user);
      setStep('done');
    } catch (error) {
      const refusal = refusalOf(error, accountFields);
      setServer(refusal.fields);
      const message =
        refusal.message ??
        (refusal.unplaced
          ? t({
              id: 'user.create.refusedOther',
              message: 'Some of the permissions were not accepted. Check them and try again.',
            })
          : null);
      setRefused(message || refusal.limit ? { message, limit: refusal.limit } : null);
      // A field of the first step is refused: back to it, the field marked.
      if (hasProblems(refusal.fields)) {
        setSubmitted(true);
        setStep('info');
        setFocusRequest((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const startOver = () => {
    reset(emptyAccount());
    setPermissions(emptyPermissions());
    setRefused(null);
    setCreated(null);
    setStep('info');
  };

  const max = children.data?.max ?? limits.subAccountsMax;
  const header = (
    <Stack gap="4" ref={top}>
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t({ id: 'user.create.title', message: 'Create sub-account' })}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t({
            id: 'user.create.intro',
            message:
              'A sub-account signs in with its own login and password, and works in your account with the permissions you give it.',
          })}
        </Text>
      </Stack>
      <CreateStepper current={step} />
    </Stack>
  );

  const notices = (
    <>
      {full && step !== 'done' ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({
                id: 'user.create.full',
                message: plural(max, {
                  one: 'You have # sub-account, the most an account may have.',
                  other: 'You have # sub-accounts, the most an account may have.',
                }),
              })}
            </Alert.Title>
            <Alert.Description>
              {t({
                id: 'user.create.fullHint',
                message: 'Delete a sub-account you no longer need to create a new one.',
              })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {!online && step !== 'done' ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {t({
              id: 'user.create.offline',
              message:
                'Creating a sub-account needs a connection: its password goes straight to the server and is never kept on this device.',
            })}
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </>
  );
  // Beside the buttons that sent it: where the eye is when the answer comes.
  const refusal = refused ? (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {t({ id: 'user.create.refused', message: 'The sub-account was not created' })}
        </Alert.Title>
        {refused.message ? <Alert.Description>{refused.message}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  ) : null;

  if (step === 'done' && created)
    return (
      <Stack gap="5" maxW="1200px" mx="auto">
        {header}
        <CreatedSummary
          user={created}
          menuCount={tickCount(tree, permissions.ticked).ticked}
          permissions={permissions}
          onCreateAnother={startOver}
          canCreateAnother={children.data === undefined || children.data.total < children.data.max}
        />
      </Stack>
    );

  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      {header}
      {notices}
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'info') next();
          else void create();
        }}
      >
        {step === 'info' ? (
          <Stack gap="5">
            <SectionCard
              titleId="user-create-account"
              title={t({ id: 'user.create.accountTitle', message: 'Sign-in' })}
            >
              <Stack gap="4">
                <Box maxW={{ md: '28rem' }}>
                  <TextField
                    required
                    maxLength={32}
                    label={t({ id: 'user.field.login', message: 'Login' })}
                    value={draft.login}
                    onChange={(login) => change({ login })}
                    onBlur={() => touch('login')}
                    problem={problemText(i18n, shown.login)}
                    helper={t({
                      id: 'user.field.loginHint',
                      message:
                        "4–32 characters: a letter first, then letters, digits, '_', '-' or '.'. The login cannot be changed once set.",
                    })}
                  />
                </Box>
                <PasswordFields value={draft} onChange={change} onTouch={touch} problems={shown} />
              </Stack>
            </SectionCard>
            <SectionCard
              titleId="user-create-profile"
              title={t({ id: 'user.create.profileTitle', message: 'Name and contacts' })}
            >
              <ProfileFields value={draft} onChange={change} onTouch={touch} problems={shown} />
            </SectionCard>
            {refusal}
            <HStack justify="flex-end" gap="3" wrap="wrap">
              {submitted && hasProblems(shown) ? (
                <Text fontSize="sm" color="fg.error" role="alert" me="auto">
                  {t({ id: 'user.create.fix', message: 'Correct the marked fields to go on.' })}
                </Text>
              ) : null}
              <Button asChild variant="outline">
                <a href="#/cdn/user/list">{t({ id: 'common.action.cancel', message: 'Cancel' })}</a>
              </Button>
              <Button type="submit" colorPalette="blue">
                {t({ id: 'common.action.next', message: 'Next' })}
              </Button>
            </HStack>
          </Stack>
        ) : (
          <Stack gap="5">
            <PermissionEditor
              tree={tree}
              value={permissions}
              onChange={setPermissions}
              menuLabels={menuLabels}
              owners={owners}
            />
            {refusal}
            <HStack justify="flex-end" gap="3" wrap="wrap">
              <Button variant="outline" onClick={() => setStep('info')}>
                {t({ id: 'common.action.back', message: 'Back' })}
              </Button>
              <Button type="submit" colorPalette="blue" loading={busy} disabled={!online}>
                {t({ id: 'user.create.submit', message: 'Create' })}
              </Button>
            </HStack>
          </Stack>
        )}
      </form>
    </Stack>
  );
}

import { Alert, Box, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { TokenAccess, TokenCreateBody } from '../../contract/users';
import type { Read } from '../../sync/reads';
import { ExpirySelect } from '../../ui/expiry-select';
import { FormDialog } from '../../ui/form-dialog';
import { formatDateTime } from '../../ui/format';
import { LineProblem as LineProblemRow, LineProblems } from '../../ui/line-problems';
import { DomainChoice } from './domain-choice';
import {
  checkDraft,
  dayOf,
  expiryDays,
  hasProblems,
  tokenBody,
  tokenFormLimits,
  type AddressCheck,
  type ExpiryMode,
  type FieldProblems,
  type LineProblem,
  type Refusal,
  type TokenDraft,
  type TokenField,
  type UserChoice,
} from './token-form';
import { accessHints, accessLabels, problemText } from './token-messages';

interface CreateDialogProps {
  draft: TokenDraft;
  onDraftChange: (draft: TokenDraft) => void;
  users: readonly UserChoice[];
  /** The sub-accounts' read: while it is under way, or failed, only the main account is offered. */
  usersRead: Read<unknown>;
  domainNames: ReadonlyMap<string, string>;
  domainsRead: Read<unknown>;
  now: number;
  online: boolean;
  onClose: () => void;
  /**
   * Sends the request; resolves null when the token was made (the dialog is then closed by the
   * screen), or the refusal to show, the draft untouched.
   */
  onSubmit: (body: TokenCreateBody, addresses: AddressCheck) => Promise<Refusal | null>;
}

const permissionsHref = (id: number) => `#/cdn/user/detail/${id}?tab=permissions`;

/**
 * "Create token" (spec §3 Token, §6): whom it acts as, a remark, read only or read-write, when it
 * expires, the addresses it may be used from and the domains it reaches. Checked with the
 * contract's rules as it is filled in; a refusal of the server keeps everything typed.
 */
export function CreateDialog({
  draft,
  onDraftChange,
  users,
  usersRead,
  domainNames,
  domainsRead,
  now,
  online,
  onClose,
  onSubmit,
}: CreateDialogProps) {
  const { t, i18n } = useLingui();
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const ids = { user: useId(), lines: useId() };
  const addressText = useDeferredValue(draft.addresses);
  const check = useMemo(
    () => checkDraft({ ...draft, addresses: addressText }, users, now),
    [draft, addressText, users, now],
  );

  /** A change of some fields: what the server said of them no longer holds. */
  const set = (change: Partial<TokenDraft>, fields: TokenField[]) => {
    onDraftChange({ ...draft, ...change });
    if (!refusal) return;
    const rest: FieldProblems = { ...refusal.fields };
    for (const field of fields) delete rest[field];
    setRefusal({ ...refusal, fields: rest, lines: fields.includes('allowed_ips') ? [] : refusal.lines });
  };

  // A rule shows once the form was sent, or as soon as what was typed breaks it; a missing choice
  // (no user, no domain ticked) only once the form was sent.
  const waitsForSubmit = new Set(['token.form.userRequired', 'token.domains.required']);
  const shown = (field: TokenField) => {
    const own = check.fields[field];
    const server = refusal?.fields[field];
    if (own && (tried || !waitsForSubmit.has(own.id))) return problemText(i18n, own);
    return problemText(i18n, server);
  };
  const lineProblems: LineProblem[] = check.lines.length > 0 ? check.lines : (refusal?.lines ?? []);

  async function submit() {
    setTried(true);
    if (submitting || !online) return;
    // Checked again at the moment of sending: the expiry presets count from now.
    const at = Date.now();
    const final = checkDraft(draft, users, at);
    if (hasProblems(final)) return;
    setSubmitting(true);
    try {
      const refused = await onSubmit(tokenBody(draft, at), final.addresses);
      setRefusal(refused);
      if (refused === null) setTried(false);
    } finally {
      setSubmitting(false);
    }
  }

  const userProblem = shown('user_id');
  const remarkProblem = shown('remark');
  const expiryProblem = shown('expires_at');
  const addressProblem = shown('allowed_ips');
  const domainProblem = shown('domains');
  const noApi = users.filter((u) => !u.main && !u.apiEnabled);
  const { remarkMax, addressesMax } = tokenFormLimits;
  const userLabel = ({ name, main, apiEnabled }: UserChoice) =>
    main
      ? t({ id: 'token.form.userMain', message: `${name} (main account)` })
      : apiEnabled
        ? name
        : t({ id: 'token.form.userNoApi', message: `${name} (no API permission)` });
  const expiryModes: { mode: ExpiryMode; label: string }[] = [
    { mode: 'never', label: t({ id: 'token.form.expiryNever', message: 'Never expires' }) },
    { mode: 'days30', label: t({ id: 'token.form.expiry30', message: '30 days' }) },
    { mode: 'days90', label: t({ id: 'token.form.expiry90', message: '90 days' }) },
    { mode: 'days365', label: t({ id: 'token.form.expiry365', message: '365 days' }) },
    { mode: 'date', label: t({ id: 'token.form.expiryDateMode', message: 'Until a date' }) },
  ];
  const until =
    draft.expiry === 'date' || draft.expiry === 'never'
      ? null
      : formatDateTime(now + expiryDays[draft.expiry] * 86_400_000);
  const refusalMessage = refusal?.network
    ? t({
        id: 'token.form.network',
        message: 'The server could not be reached: no token was created. Check the connection and try again.',
      })
    : (refusal?.message ?? null);

  return (
    <FormDialog
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onClose={onClose}
      onSubmit={() => void submit()}
      title={t({ id: 'token.create.title', message: 'Create token' })}
      submitLabel={t({ id: 'token.create.submit', message: 'Create' })}
      busy={submitting}
      submitDisabled={!online}
      gap="5"
    >
      {refusalMessage ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{refusalMessage}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {!online ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {t({
              id: 'token.form.offline',
              message: 'Creating a token needs a connection: what you fill in is kept until then.',
            })}
          </Alert.Title>
        </Alert.Root>
      ) : null}

      <Field.Root invalid={userProblem !== null} required>
        <Field.Label>
          {t({ id: 'token.form.user', message: 'User' })}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={draft.userId === null ? '' : String(draft.userId)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              set({ userId: value === '' ? null : Number(value) }, ['user_id']);
            }}
          >
            {draft.userId === null ? (
              <option value="">{t({ id: 'token.form.userChoose', message: 'Choose a user' })}</option>
            ) : null}
            {users.map((user) => (
              <option key={user.id} value={user.id} disabled={!user.main && !user.apiEnabled}>
                {userLabel(user)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>
          {t({
            id: 'token.form.userHint',
            message: 'The token calls the API as this user, with its function and data permission.',
          })}
        </Field.HelperText>
        <Field.ErrorText>{userProblem}</Field.ErrorText>
        {usersRead.data === undefined ? (
          <Text fontSize="sm" color={usersRead.failed ? 'fg.error' : 'fg.muted'} role="status">
            {usersRead.failed
              ? t({
                  id: 'token.form.usersFailed',
                  message: 'The sub-accounts could not be read: only the main account can be chosen now.',
                })
              : t({ id: 'token.form.usersReading', message: 'Reading the sub-accounts…' })}
          </Text>
        ) : null}
        {noApi.length > 0 ? (
          <Box fontSize="sm" color="fg.muted">
            <Text>
              {t({
                id: 'token.form.noApiNote',
                message:
                  'A sub-account needs API permission before it can have tokens. Enable it in its permissions:',
              })}
            </Text>
            <HStack as="ul" listStyleType="none" gap="3" wrap="wrap" mt="1">
              {noApi.map(({ id, name }) => (
                <li key={id}>
                  <a href={permissionsHref(id)} style={{ textDecoration: 'underline' }}>
                    {t({ id: 'token.form.noApiLink', message: `Permissions of ${name}` })}
                  </a>
                </li>
              ))}
            </HStack>
          </Box>
        ) : null}
      </Field.Root>

      <Field.Root invalid={remarkProblem !== null}>
        <Field.Label>{t({ id: 'token.form.remark', message: 'Remark' })}</Field.Label>
        <Input
          value={draft.remark}
          autoComplete="off"
          placeholder={t({
            id: 'token.form.remarkPlaceholder',
            message: 'What the token is for, e.g. the deploy script',
          })}
          onChange={(e) => set({ remark: e.currentTarget.value }, ['remark'])}
        />
        <Field.HelperText>
          {t({
            id: 'token.form.remarkHint',
            message: plural(remarkMax, {
              one: 'Optional, at most # character.',
              other: 'Optional, at most # characters.',
            }),
          })}
        </Field.HelperText>
        <Field.ErrorText>{remarkProblem}</Field.ErrorText>
      </Field.Root>

      <Box as="fieldset" minW="0">
        <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
          {t({ id: 'token.form.access', message: 'Access' })}
        </Text>
        <Stack gap="2">
          {(['read', 'write'] as TokenAccess[]).map((access) => (
            <Box as="label" key={access} display="flex" alignItems="flex-start" gap="2" cursor="pointer">
              <input
                type="radio"
                name={`${ids.user}-access`}
                checked={draft.access === access}
                onChange={() => set({ access }, ['access'])}
                style={{ marginTop: '0.3em' }}
              />
              <Stack gap="0">
                <Text as="span">{i18n._(accessLabels[access])}</Text>
                <Text as="span" fontSize="sm" color="fg.muted">
                  {i18n._(accessHints[access])}
                </Text>
              </Stack>
            </Box>
          ))}
        </Stack>
      </Box>

      <ExpirySelect
        label={t({ id: 'token.form.expiry', message: 'Expires' })}
        modes={expiryModes}
        mode={draft.expiry}
        onModeChange={(expiry) => {
          // A date starts from a month ahead rather than from an empty field.
          const expiryDate =
            expiry === 'date' && draft.expiryDate === '' ? dayOf(now + 30 * 86_400_000) : draft.expiryDate;
          set({ expiry, expiryDate }, ['expires_at']);
        }}
        input={
          draft.expiry === 'date'
            ? {
                type: 'date',
                maxW: '200px',
                value: draft.expiryDate,
                min: dayOf(now),
                label: t({ id: 'token.form.expiryDay', message: 'Last day of the token' }),
                onChange: (expiryDate) => set({ expiryDate }, ['expires_at']),
              }
            : null
        }
        helper={
          until
            ? t({ id: 'token.form.expiryUntil', message: `Until about ${until}` })
            : draft.expiry === 'date'
              ? t({
                  id: 'token.form.expiryDateHint',
                  message: 'It stops working at the end of that day (23:59:59, your time).',
                })
              : t({ id: 'token.form.expiryNeverHint', message: 'It works until it is deleted.' })
        }
        error={expiryProblem}
      />

      <Field.Root invalid={addressProblem !== null}>
        <Field.Label>{t({ id: 'token.form.addresses', message: 'Allowed addresses' })}</Field.Label>
        <Textarea
          value={draft.addresses}
          rows={4}
          fontFamily="mono"
          fontSize="sm"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={'192.0.2.10\n198.51.100.0/24\n2001:db8::/48'}
          aria-describedby={lineProblems.length > 0 ? ids.lines : undefined}
          onChange={(e) => set({ addresses: e.currentTarget.value }, ['allowed_ips'])}
        />
        <Field.HelperText>
          {t({
            id: 'token.form.addressesHint',
            message: plural(addressesMax, {
              one: 'One IPv4 or IPv6 address or CIDR range per line, at most # line. Empty: calls may come from any address.',
              other:
                'One IPv4 or IPv6 address or CIDR range per line, at most # lines. Empty: calls may come from any address.',
            }),
          })}
        </Field.HelperText>
        <Field.ErrorText>{addressProblem}</Field.ErrorText>
      </Field.Root>
      {lineProblems.length > 0 ? (
        <LineProblems
          id={ids.lines}
          label={t({ id: 'token.form.lineProblems', message: 'Problems by line' })}
        >
          {lineProblems.map((line) => {
            const number = line.line;
            return (
              <LineProblemRow
                key={`${line.line}-${line.problem.id}`}
                lineLabel={t({ id: 'token.form.lineNumber', message: `Line ${number}` })}
                text={line.input}
                problem={problemText(i18n, line.problem) ?? ''}
                py="1"
                gap="0"
              />
            );
          })}
        </LineProblems>
      ) : null}

      <DomainChoice
        value={draft.domains}
        onChange={(domains) => set({ domains }, ['domains'])}
        names={domainNames}
        read={domainsRead}
        error={domainProblem}
      />
    </FormDialog>
  );
}

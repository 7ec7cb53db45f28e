import { Alert, Box, Field, Input, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TokenEntry } from '../../contract/users';
import { FormDialog } from '../../ui/form-dialog';
import { formatDateTime } from '../../ui/format';
import { confirmationText, deletionConfirmed } from './confirm';
import { accessLabels } from './token-messages';

interface DeleteDialogProps {
  token: TokenEntry;
  online: boolean;
  onClose: () => void;
  /** Deletes it; resolves the message to show in the dialog when the server refuses. */
  /** Deletes with the confirmation as typed (the server compares it again). */
  onDelete: (token: TokenEntry, typed: string) => Promise<string | null>;
}

/**
 * spec §5: deleting a token requires typing a confirmation text, here the token's user name
 * (./confirm.ts). The delete button stays off until it is typed.
 */
export function DeleteDialog({ token, online, onClose, onDelete }: DeleteDialogProps) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const confirmed = deletionConfirmed(typed, token);
  const expected = confirmationText(token);
  const { hint } = token;

  async function submit() {
    if (!confirmed || deleting || !online) return;
    setDeleting(true);
    try {
      setRefused(await onDelete(token, typed));
    } finally {
      setDeleting(false);
    }
  }

  const facts: [string, string][] = [
    [t({ id: 'token.col.user', message: 'User' }), token.user_name],
    [t({ id: 'token.col.remark', message: 'Remark' }), token.remark || '--'],
    [t({ id: 'token.col.secret', message: 'Secret' }), token.hint],
    [t({ id: 'token.col.access', message: 'Access' }), i18n._(accessLabels[token.access])],
    [
      t({ id: 'token.col.lastUsed', message: 'Last used' }),
      token.last_used_at === null
        ? t({ id: 'token.lastUsed.never', message: 'Never used' })
        : formatDateTime(token.last_used_at),
    ],
  ];

  return (
    <FormDialog
      role="alertdialog"
      closeOnInteractOutside={false}
      onClose={onClose}
      onSubmit={() => void submit()}
      title={t({ id: 'token.delete.title', message: `Delete the token ${hint}?` })}
      submitLabel={t({ id: 'token.delete.confirm', message: 'Delete token' })}
      submitPalette="red"
      busy={deleting}
      submitDisabled={!confirmed || !online}
    >
      {refused ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{refused}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1" fontSize="sm">
        {facts.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" wordBreak="break-all">
              {value}
            </Text>
          </Box>
        ))}
      </Box>
      <Text>
        {t({
          id: 'token.delete.message',
          message:
            'Calls with this token are refused from then on, by any script or program that uses it. This cannot be undone.',
        })}
      </Text>
      <Field.Root>
        <Field.Label>
          {t({ id: 'token.delete.typeLabel', message: `To confirm, type the user name ${expected}` })}
        </Field.Label>
        <Input
          value={typed}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={expected}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <Field.HelperText>
          {t({
            id: 'token.delete.typeHint',
            message: 'The delete button turns on once the user name is typed exactly as shown.',
          })}
        </Field.HelperText>
      </Field.Root>
      {!online ? (
        <Text fontSize="sm" color="fg.warning">
          {t({ id: 'token.delete.offline', message: 'Deleting a token needs a connection.' })}
        </Text>
      ) : null}
    </FormDialog>
  );
}

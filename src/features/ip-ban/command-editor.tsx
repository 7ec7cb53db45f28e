import { Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { checkReason } from '../../contract/rules/ip-ban';
import type { CommandEditorProps } from '../../ui/command-views';
import { choiceFor, resolveExpiry } from './expiry';
import { ExpiryField } from './expiry-field';
import { ruleText } from './ip-ban-messages';
import { ReasonField } from './reason-field';
import { useNow } from './use-now';

interface BanFields {
  cidr: string;
  reason: string;
  expires_at: string | null;
}

function fieldsOf(payload: unknown): BanFields {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  return {
    cidr: typeof p.cidr === 'string' ? p.cidr : '',
    reason: typeof p.reason === 'string' ? p.reason : '',
    expires_at: typeof p.expires_at === 'string' ? p.expires_at : null,
  };
}

/**
 * Corrects a refused ban or change: its reason and expiry. The IP or range is the command's
 * aggregate and cannot change; to ban another one, discard this edit and ban that one.
 */
export function IpBanCommandEditor({ command, onSave, onCancel }: CommandEditorProps) {
  const { t, i18n } = useLingui();
  const now = useNow(30_000);
  const initial = fieldsOf(command.payload);
  const [reason, setReason] = useState(initial.reason);
  const [expiry, setExpiry] = useState(() => choiceFor(initial.expires_at));
  const reasonProblem = checkReason(reason);
  const resolved = resolveExpiry(expiry, now);
  const cidr = initial.cidr;

  function save() {
    const final = resolveExpiry(expiry, Date.now());
    if (reasonProblem !== null || !final.ok) return;
    onSave({ cidr, reason: reason.trim(), expires_at: final.expiresAt });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="4">
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t({ id: 'ipBan.column.range', message: 'IP / CIDR' })}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text fontFamily="mono">{cidr}</Text>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <ReasonField
          value={reason}
          onChange={setReason}
          error={reasonProblem ? ruleText(i18n, reasonProblem) : null}
        />
        <ExpiryField
          value={expiry}
          onChange={setExpiry}
          error={resolved.ok ? null : ruleText(i18n, resolved.problem)}
          now={now}
        />
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" size="sm" onClick={onCancel}>
            {t({ id: 'ipBan.action.cancel', message: 'Cancel' })}
          </Button>
          <Button
            type="submit"
            size="sm"
            colorPalette="blue"
            disabled={reasonProblem !== null || !resolved.ok}
          >
            {t({ id: 'ipBan.editor.save', message: 'Save and send again' })}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

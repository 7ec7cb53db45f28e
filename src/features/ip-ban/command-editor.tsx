import { Button, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { CommandEditorProps } from '../../ui/command-views';
import { BanTermsFields, useBanTerms } from './ban-terms';
import { useNow } from '../../ui/use-now';

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
  const { t } = useLingui();
  const now = useNow(30_000);
  const initial = fieldsOf(command.payload);
  const terms = useBanTerms(initial, now);
  const cidr = initial.cidr;

  function save() {
    const final = terms.final();
    if (final) onSave({ cidr, ...final });
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
        <BanTermsFields cidr={cidr} terms={terms} now={now} />
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" size="sm" onClick={onCancel}>
            {t({ id: 'ipBan.action.cancel', message: 'Cancel' })}
          </Button>
          <Button type="submit" size="sm" colorPalette="blue" disabled={!terms.valid}>
            {t({ id: 'ipBan.editor.save', message: 'Save and send again' })}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

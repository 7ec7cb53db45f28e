import { Button, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { CommandOfKind } from '../../commands/queue';
import type { CommandEditorProps } from '../../ui/command-views';
import { PlainForm } from '../../ui/plain-form';
import { BanTermsFields, useBanTerms } from './ban-terms';
import { useNow } from '../../ui/use-now';

type IpBanCommand = CommandOfKind<'ipBan'>;
/** A ban or a change of one: what the editor corrects (an unban has nothing to correct). */
type Corrected = Exclude<IpBanCommand, { name: 'ipBan.unban' }>;

/** Corrects a refused ban or change of one (the commands the view lists in `edits`). */
export function IpBanCommandEditor({ command, ...actions }: CommandEditorProps<IpBanCommand>) {
  return command.name === 'ipBan.unban' ? null : <TermsEditor command={command} {...actions} />;
}

/**
 * Corrects a refused ban or change: its reason and expiry. The IP or range is the command's
 * aggregate and cannot change; to ban another one, discard this edit and ban that one.
 */
function TermsEditor({
  command,
  onSave,
  onCancel,
}: CommandEditorProps<IpBanCommand> & { command: Corrected }) {
  const { t } = useLingui();
  const now = useNow(30_000);
  const terms = useBanTerms(command.payload, now);
  const { cidr } = command.payload;

  function save() {
    const final = terms.final();
    if (final) onSave({ ...command, payload: { cidr, ...final } });
  }

  return (
    <PlainForm onSubmit={save}>
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
    </PlainForm>
  );
}

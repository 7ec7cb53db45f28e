import { Button, HStack, type StackProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface SaveActionsProps extends Omit<StackProps, 'children'> {
  /** The draft differs from what was read. */
  changed: boolean;
  busy: boolean;
  online: boolean;
  onDiscard(): void;
  saveLabel: string;
  /** Without it, the save button submits the form it is in. */
  onSave?: () => void;
  /** Words before the buttons: a change not saved, a connection missing. */
  children?: ReactNode;
}

/** The buttons under an edit of what was read: discard the changes, and save them. */
export function SaveActions({
  changed,
  busy,
  online,
  onDiscard,
  saveLabel,
  onSave,
  children,
  ...bar
}: SaveActionsProps) {
  const { t } = useLingui();
  return (
    <HStack justify="flex-end" gap="3" wrap="wrap" {...bar}>
      {children}
      <Button variant="outline" disabled={!changed || busy} onClick={onDiscard}>
        {t({ id: 'user.action.discard', message: 'Discard changes' })}
      </Button>
      <Button
        type={onSave ? 'button' : 'submit'}
        colorPalette="blue"
        loading={busy}
        disabled={!online || !changed}
        onClick={onSave}
      >
        {saveLabel}
      </Button>
    </HStack>
  );
}

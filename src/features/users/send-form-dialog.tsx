import { Text } from '@chakra-ui/react';
import { FormDialog, type FormDialogProps } from '../../ui/form-dialog';

export interface SendFormDialogProps extends Omit<
  FormDialogProps,
  'onSubmit' | 'busy' | 'submitDisabled' | 'failure' | 'closeOnInteractOutside'
> {
  /** What the form is for, above its fields. */
  intro: string;
  /** How the form is sent (`useSend`). */
  send: { busy: boolean; failure: string | null; submit: () => Promise<void> };
  online: boolean;
}

/**
 * A dialog sending a form of `useFieldForm` straight to the server (online only): what it is for,
 * then its fields. A click outside does not close it, so what was typed is not lost.
 */
export function SendFormDialog({ intro, send, online, children, ...dialog }: SendFormDialogProps) {
  return (
    <FormDialog
      {...dialog}
      closeOnInteractOutside={false}
      onSubmit={() => void send.submit()}
      busy={send.busy}
      submitDisabled={!online}
      failure={send.failure}
    >
      <Text fontSize="sm" color="fg.muted">
        {intro}
      </Text>
      {children}
    </FormDialog>
  );
}

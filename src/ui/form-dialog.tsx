import { Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { DialogFrame, type DialogFrameProps } from './dialog-frame';
import { FormFailure } from './form-failure';

export interface FormDialogProps extends Omit<DialogFrameProps, 'footer' | 'onSubmit'> {
  /** Enter in a field and the submit button call it. */
  onSubmit: () => void;
  submitLabel: string;
  /** Red for a submit that deletes or turns something off. */
  submitPalette?: 'blue' | 'red';
  /** The form is being sent: the submit button spins. */
  busy?: boolean;
  submitDisabled?: boolean;
  /** The submit button alone, for a last step that has to be acknowledged. */
  noCancel?: boolean;
  /** Why the form was not sent, said under its fields. */
  failure?: string | null;
  /** The space between the parts of the body. */
  gap?: '4' | '5';
}

/**
 * A dialog that is a form: its fields, what went wrong under them, and Cancel and the submit
 * button at the bottom.
 */
export function FormDialog({
  onSubmit,
  submitLabel,
  submitPalette = 'blue',
  busy = false,
  submitDisabled = false,
  noCancel = false,
  failure = null,
  gap = '4',
  onClose,
  children,
  ...frame
}: FormDialogProps) {
  const { t } = useLingui();
  return (
    <DialogFrame
      {...frame}
      onClose={onClose}
      onSubmit={onSubmit}
      footer={
        <>
          {noCancel ? null : (
            <Button variant="outline" onClick={onClose}>
              {t({ id: 'common.action.cancel', message: 'Cancel' })}
            </Button>
          )}
          <Button type="submit" colorPalette={submitPalette} loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Stack gap={gap}>
        {children}
        <FormFailure failure={failure} />
      </Stack>
    </DialogFrame>
  );
}

import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

type FrameOptions = Pick<
  Dialog.RootProps,
  'size' | 'role' | 'scrollBehavior' | 'initialFocusEl' | 'closeOnInteractOutside'
>;

export interface DialogFrameProps extends FrameOptions {
  /** Defaults to true, for a dialog that is mounted only while it is shown. */
  open?: boolean;
  title: ReactNode;
  /** The body. */
  children: ReactNode;
  /** The buttons at the bottom. */
  footer: ReactNode;
  /** Escape, the backdrop (unless closeOnInteractOutside is false) and the close button call it. */
  onClose: () => void;
  /**
   * Makes the dialog a form: Enter in a field and a submit button in the footer call it. The
   * browser's own validation stays off, so the dialog's fields show their own messages.
   */
  onSubmit?: () => void;
}

/** A modal with a title, a body, buttons at the bottom and a close button in the corner. */
export function DialogFrame({
  open = true,
  title,
  children,
  footer,
  onClose,
  onSubmit,
  ...options
}: DialogFrameProps) {
  const { t } = useLingui();
  const sections = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>{footer}</Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} {...options}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {onSubmit ? (
              // `display: contents` keeps header, body and footer laid out as direct parts of the dialog.
              <form
                noValidate
                style={{ display: 'contents' }}
                onSubmit={(event) => {
                  event.preventDefault();
                  onSubmit();
                }}
              >
                {sections}
              </form>
            ) : (
              sections
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t({ id: 'common.action.close', message: 'Close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

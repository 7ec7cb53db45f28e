import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { IpBanEntry } from '../../contract/ip-ban';
import { BanTermsFields, useBanTerms } from './ban-terms';

interface EditDialogProps {
  entry: IpBanEntry;
  now: number;
  onClose: () => void;
  /** Queues the change; the dialog stays open with what was typed when it resolves false. */
  onSubmit: (reason: string, expiresAt: string | null) => Promise<boolean>;
}

/** Change the reason or the expiry of a ban in force. The range itself cannot change. */
export function EditDialog({ entry, now, onClose, onSubmit }: EditDialogProps) {
  const { t } = useLingui();
  const terms = useBanTerms(entry, now);
  const [submitting, setSubmitting] = useState(false);
  const sameReason = terms.reason.trim() === entry.reason;
  const unchanged =
    sameReason &&
    (terms.expiry.mode === 'unchanged' || (entry.expires_at === null && terms.expiry.mode === 'none'));
  const blocked = !terms.valid || unchanged;
  const cidr = entry.id;

  async function submit() {
    if (blocked || submitting) return;
    const final = terms.final();
    if (!final) return;
    setSubmitting(true);
    try {
      if (await onSubmit(final.reason, final.expires_at)) onClose();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              style={{ display: 'contents' }}
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  {t({ id: 'ipBan.editDialog.title', message: `Change the ban of ${cidr}` })}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  <BanTermsFields cidr={cidr} terms={terms} now={now} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t({ id: 'ipBan.action.cancel', message: 'Cancel' })}
                </Button>
                <Button type="submit" colorPalette="blue" loading={submitting} disabled={blocked}>
                  {t({ id: 'ipBan.editDialog.submit', message: 'Save' })}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t({ id: 'ipBan.action.close', message: 'Close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { IpBanEntry } from '../../contract/ip-ban';
import { DialogFrame } from '../../ui/dialog-frame';
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
    <DialogFrame
      size="md"
      title={t({ id: 'ipBan.editDialog.title', message: `Change the ban of ${cidr}` })}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t({ id: 'ipBan.action.cancel', message: 'Cancel' })}
          </Button>
          <Button type="submit" colorPalette="blue" loading={submitting} disabled={blocked}>
            {t({ id: 'ipBan.editDialog.submit', message: 'Save' })}
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <BanTermsFields cidr={cidr} terms={terms} now={now} />
      </Stack>
    </DialogFrame>
  );
}

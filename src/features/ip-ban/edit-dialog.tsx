import { Button, CloseButton, DataList, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { IpBanEntry } from '../../contract/ip-ban';
import { checkReason } from '../../contract/rules/ip-ban';
import { choiceFor, resolveExpiry } from './expiry';
import { ExpiryField } from './expiry-field';
import { ruleText } from './ip-ban-messages';
import { ReasonField } from './reason-field';

interface EditDialogProps {
  entry: IpBanEntry;
  now: number;
  onClose: () => void;
  /** Queues the change; the dialog stays open with what was typed when it resolves false. */
  onSubmit: (reason: string, expiresAt: string | null) => Promise<boolean>;
}

/** Change the reason or the expiry of a ban in force. The range itself cannot change. */
export function EditDialog({ entry, now, onClose, onSubmit }: EditDialogProps) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState(entry.reason);
  const [expiry, setExpiry] = useState(() => choiceFor(entry.expires_at));
  const [submitting, setSubmitting] = useState(false);
  const reasonProblem = checkReason(reason);
  const resolved = resolveExpiry(expiry, now);
  const unchanged = reason.trim() === entry.reason && expiry.mode === 'unchanged';
  const unchangedNoExpiry =
    reason.trim() === entry.reason && entry.expires_at === null && expiry.mode === 'none';
  const blocked = reasonProblem !== null || !resolved.ok || unchanged || unchangedNoExpiry;
  const cidr = entry.id;

  async function submit() {
    if (blocked || submitting) return;
    const final = resolveExpiry(expiry, Date.now());
    if (!final.ok) return;
    setSubmitting(true);
    try {
      if (await onSubmit(reason.trim(), final.expiresAt)) onClose();
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
                  <DataList.Root orientation="horizontal" size="sm">
                    <DataList.Item>
                      <DataList.ItemLabel>
                        {t({ id: 'ipBan.column.range', message: 'IP / CIDR' })}
                      </DataList.ItemLabel>
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

import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from '../../ui/dialog-frame';
import { SaveFooter } from './save-footer';
import type { SettingDraft } from './use-setting-draft';

/** A setting's create or edit dialog: a form of fields, saved through its draft. */
export function SettingDialog({
  title,
  wide = false,
  form,
  onClose,
  children,
}: {
  title: string;
  /** A large dialog whose body scrolls, for a setting of many fields. */
  wide?: boolean;
  form: SettingDraft;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <DialogFrame
      size={wide ? 'lg' : undefined}
      scrollBehavior={wide ? 'inside' : undefined}
      title={title}
      onClose={onClose}
      onSubmit={() => void form.save()}
      footer={<SaveFooter onCancel={onClose} saving={form.saving} />}
    >
      <Stack gap="4">{children}</Stack>
    </DialogFrame>
  );
}

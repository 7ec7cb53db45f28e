import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

interface SubmitNoteProps {
  online: boolean;
  /** Pictures are still uploading; not said when the form does not wait for them. */
  uploading?: boolean;
  /** Offline: that sending needs a connection, in the form's words. */
  offline: string;
  /** Pushes the buttons after it to the end of their row. */
  pushEnd?: boolean;
}

/** Beside a form's send button: why it cannot be pressed now, if it cannot. */
export function SubmitNote({ online, uploading = false, offline, pushEnd = false }: SubmitNoteProps) {
  const { t } = useLingui();
  if (online && !uploading) return null;
  return (
    <Text fontSize="sm" color="fg.muted" me={pushEnd ? 'auto' : undefined}>
      {online
        ? t({ id: 'feedback.form.waitUploads', message: 'Waiting for the pictures to finish uploading…' })
        : offline}
    </Text>
  );
}

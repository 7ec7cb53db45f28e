import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface OfflineNoticeProps {
  /** Whether the console has a connection; the notice shows only while it has none. */
  online: boolean;
  /** What being offline means for the form above. */
  children: ReactNode;
}

/** Under a form, while offline: what happens to what the user sends (kept, or refused). */
export function OfflineNotice({ online, children }: OfflineNoticeProps) {
  return online ? null : (
    <Alert.Root status="info" size="sm">
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

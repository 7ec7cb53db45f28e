import type { CertRow } from './rows';

/** The dialog the certificate screen has open, and what it works on; null while none is. */
export type CertOpen =
  | { kind: 'upload' }
  | { kind: 'feed' }
  | { kind: 'detail'; id: string }
  | { kind: 'associate'; certId: string }
  | { kind: 'replace'; cert: CertRow }
  | { kind: 'delete'; cert: CertRow }
  | { kind: 'inUse'; cert: CertRow }
  | null;

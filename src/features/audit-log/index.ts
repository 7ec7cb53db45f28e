// Loaded with its catalog part when the screen is opened (src/app/screens.tsx): nothing of the
// audit log is in the first load.
export { AuditLogScreen } from './audit-log-screen';
export type { AuditLogScreenProps } from './audit-log-screen';

// The zod-free surface, safe for the browser's initial bundle. Schemas: './schemas', './endpoints'.
export * from './codes';
export * from './envelope';
export * from './limits';
export * from './menu';
export * from './dictionary';
export * from './names';
export * from './routes';
export * from './rules/feedback';
export * from './rules/ticket';
export * from './rules/account';
export * from './rules/text';
export type * from './schemas';
export type * from './endpoints';

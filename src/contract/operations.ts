import type { z } from 'zod';
import type { Permission } from './permissions';
import { trafficMenuPaths } from './traffic-constants';
import type { reportExportBody } from './traffic';

/**
 * The permissions of the operations that are not JSON endpoints of `endpoints.ts`, by their
 * operation id in the OpenAPI document: the calls that answer files, the links and feeds that
 * need no sign-in, the edge's ingestion and the operator's calls. With the endpoints and the
 * command modules, every route of the server declares what it needs.
 */
export const operations = {
  // The audit log as a file: the list itself, by another way.
  auditExport: { access: 'identity', effect: 'read', menu: '/cdn/user/audit-log' },
  // A picture of a ticket's message: the ticket's own reading, by another way.
  ticketPicture: { access: 'identity', effect: 'read' },
  reportExport: {
    access: 'open',
    effect: 'read',
    menu: trafficMenuPaths,
    objects: (i: z.output<typeof reportExportBody>) => ({ domains: i.all ? [] : i.domain_ids }),
  },
  // A signed address `logFiles` made for one file of one domain, for 5 minutes.
  logDownload: { access: 'link', effect: 'read' },
  // A calendar app reads the feed with its secret; it lists what the user who made it may see.
  certCalendar: { access: 'link', effect: 'read' },
  edgeIngest: { access: 'edge', effect: 'write' },
  // An edge node's own calls: registering, pulling the configuration, reporting what took effect.
  edgeRegister: { access: 'edge', effect: 'write' },
  edgeConfig: { access: 'edge', effect: 'read' },
  edgeReport: { access: 'edge', effect: 'write' },
  operatorEdgeNodes: { access: 'operator', effect: 'read' },
  openApiDocument: { access: 'public', effect: 'read' },
  operatorApprove: { access: 'operator', effect: 'write' },
  operatorPending: { access: 'operator', effect: 'read' },
  operatorSpecialConfig: { access: 'operator', effect: 'write' },
  operatorEdgeKey: { access: 'operator', effect: 'write' },
  operatorEdgeNode: { access: 'operator', effect: 'write' },
  operatorPackage: { access: 'operator', effect: 'write' },
  operatorTicket: { access: 'operator', effect: 'write' },
  operatorTrafficDomains: { access: 'operator', effect: 'read' },
  // The sign-in portal's pages and forms: they are how a caller signs in.
  portal: { access: 'public', effect: 'write' },
} as const satisfies Record<string, Permission<never>>;

export type OperationName = keyof typeof operations;

import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { operations } from '../../../src/contract/operations';
import { ticketPictureBody, ticketPicturePath } from '../../../src/contract/ticket';
import { callerOf } from '../../authz/hooks';
import type { AppContext } from '../../http/context';
import { auditContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute, failureEnvelope } from '../../http/routes';
import { PictureStore } from '../suggestion/picture-store';
import {
  closeTicket,
  createTicket,
  listTickets,
  replyTicket,
  ticketDetail,
  ticketPictureOf,
  ticketViewerOf,
} from './service';

/**
 * Tickets (the top bar's "Tickets"): any signed-in user of the account, whatever its menu; a
 * sub-account reaches only the tickets it submitted, by every call, the pictures included.
 */
export function ticketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = new PictureStore(ctx.config.dataDir);

  contractRoute(app, ctx, 'ticketLists', async (request, _input, auth) =>
    ok(request, await listTickets(ctx.db, ticketViewerOf(auth))),
  );
  contractRoute(app, ctx, 'ticketDetail', async (request, input, auth) =>
    ok(request, await ticketDetail(ctx.db, ticketViewerOf(auth), input.id)),
  );
  contractRoute(app, ctx, 'ticketCreate', async (request, input, auth) =>
    ok(
      request,
      await createTicket(ctx.db, ticketViewerOf(auth), input, auditContext(request)),
      'ticket.created',
    ),
  );
  contractRoute(app, ctx, 'ticketReply', async (request, input, auth) =>
    ok(
      request,
      await replyTicket(ctx.db, ticketViewerOf(auth), input, auditContext(request)),
      'ticket.replied',
    ),
  );
  contractRoute(app, ctx, 'ticketClose', async (request, input, auth) =>
    ok(
      request,
      await closeTicket(ctx.db, ticketViewerOf(auth), input.id, auditContext(request)),
      'ticket.closedNow',
    ),
  );

  app.post(
    ticketPicturePath,
    {
      config: { permission: operations.ticketPicture },
      schema: {
        summary:
          "A picture of a ticket's message, as the file itself (its type read from its bytes when it was uploaded); 40401 when the caller does not see the ticket.",
        tags: ['ticket'],
        operationId: 'ticketPicture',
        security: [{ bearerAuth: [] }],
        body: ticketPictureBody,
        response: { 200: failureEnvelope.describe('A refusal; success answers the picture itself.') },
      },
    },
    async (request, reply) => {
      const { id } = ticketPictureBody.parse(request.body);
      const picture = await ticketPictureOf(ctx.db, ticketViewerOf(callerOf(request)), id);
      const bytes = await readFile(store.pathOf(picture.file));
      return (
        reply
          .header('content-type', picture.mime)
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(picture.name)}`)
          .header('cache-control', 'private, no-store')
          // An SVG opened on its own runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(bytes)
      );
    },
  );
}

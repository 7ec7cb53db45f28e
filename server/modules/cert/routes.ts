import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/contract/endpoints';
import { operations } from '../../../src/contract/operations';
import { authorize, reaches } from '../../authz/gate';
import { principalOf, type Principal } from '../../authz/principal';
import { languageFromAcceptLanguage } from '../../http/language';
import type { AppContext } from '../../http/context';
import { auditContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { findAccountById } from '../account/service';
import { createFeed, expiryCalendar, feedOwner, feedStatus, revokeFeed } from './feed';
import { KeyVault } from './key-vault';
import {
  certificateDetail,
  deleteCertificate,
  expiries,
  listCertificates,
  uploadCertificate,
} from './service';

/** The address of the calendar feed: its secret is the whole of its authorisation. */
export const calendarPath = '/v3/cert/calendar/';

export function certRoutes(app: FastifyInstance, ctx: AppContext): void {
  const vault = KeyVault.open(ctx.config.dataDir);
  const actorOf = (
    request: Parameters<typeof auditContext>[0],
    auth: { viewAccountId: number; accountId: number; account: { login: string } },
  ) => ({
    accountId: auth.viewAccountId,
    actorId: auth.accountId,
    login: auth.account.login,
    ...auditContext(request),
  });

  contractRoute(app, ctx, 'certList', async (request, input, auth) => {
    const found = await listCertificates(ctx.db, auth.viewAccountId, input, new Date());
    if (auth.scope.certs.all) return ok(request, found);
    // A sub-account sees the certificates granted to it (spec §6).
    const lists = found.lists.filter((c) => reaches(auth, { kind: 'cert', id: c.id }));
    return ok(request, { lists, total: lists.length });
  });
  contractRoute(app, ctx, 'certDetail', async (request, input, auth) =>
    ok(request, await certificateDetail(ctx.db, auth.viewAccountId, input.id, new Date())),
  );
  contractRoute(app, ctx, 'certUpload', async (request, input, auth) =>
    ok(
      request,
      await uploadCertificate(ctx.db, vault, actorOf(request, auth), input, new Date()),
      'cert.uploaded',
    ),
  );
  contractRoute(app, ctx, 'certDelete', async (request, input, auth) => {
    await deleteCertificate(ctx.db, actorOf(request, auth), input.id);
    return ok(request, { id: input.id }, 'cert.deleted');
  });

  const feedUrl = (request: { protocol: string; host: string }, secret: string, language: string) =>
    `${request.protocol}://${request.host}${calendarPath}${secret}.ics?lang=${language}`;
  // Each user's own feed of the account: an API token's is its user's.
  const ownerOf = (auth: Principal) => ({ accountId: auth.view.id, ownerId: auth.account.id });
  contractRoute(app, ctx, 'certFeed', async (request, _input, auth) => {
    const status = await feedStatus(ctx.db, ownerOf(auth));
    return ok(request, { ...status, url: null });
  });
  contractRoute(app, ctx, 'certFeedUpdate', async (request, input, auth) => {
    if (input.action === 'revoke') {
      await revokeFeed(ctx.db, ownerOf(auth));
      return ok(request, { enabled: false, url: null, created_at: null }, 'cert.feed.revoked');
    }
    const made = await createFeed(ctx.db, ownerOf(auth), new Date());
    const language = languageFromAcceptLanguage(request.headers['accept-language']);
    return ok(
      request,
      { enabled: true, url: feedUrl(request, made.secret, language), created_at: made.created_at },
      'cert.feed.created',
    );
  });

  /**
   * Who a feed lists for: the user who made it, as it is now (a sub-account whose certificate menu
   * or grants were taken back sees less, or nothing), judged by the gate as the list would be.
   */
  const feedPrincipal = async (secret: string): Promise<Principal | null> => {
    const owner = await feedOwner(ctx.db, secret);
    const maker = owner && (await findAccountById(ctx.db, owner.ownerId));
    const principal = owner && maker ? await principalOf(ctx, maker, owner.accountId) : null;
    if (!principal) return null;
    try {
      authorize(principal, endpoints.certList);
      return principal;
    } catch {
      return null;
    }
  };

  // The feed itself: read by calendar apps, which hold no sign-in; the secret in the address is
  // checked instead, and answers the expiries its maker may see, nothing else.
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>(
    `${calendarPath}:file`,
    { config: { permission: operations.certCalendar }, schema: { hide: true } },
    async (request, reply) => {
      const principal = await feedPrincipal(request.params.file.replace(/\.ics$/, ''));
      // A calendar app reads the HTTP status: an unknown or revoked address is 404.
      if (!principal) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      const language = request.query.lang === 'en_US' ? 'en_US' : 'zh_CN';
      const certs = (await expiries(ctx.db, principal.view.id)).filter((cert) =>
        reaches(principal, { kind: 'cert', id: cert.id }),
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(expiryCalendar(certs, { language, now: new Date() }));
    },
  );
}

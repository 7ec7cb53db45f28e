import type { FastifyInstance } from 'fastify';
import { Code, headerInfoNames } from '../../../src/contract';
import type { AppContext } from '../../http/context';
import { auditContext } from '../../http/context';
import { AppError, ok, signInUrl } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { applyForService } from './service';

export function productRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'productOpen', async (request, input, auth) => {
    // spec §7: productopen carries the header info saved at sign-in; it must belong to this token.
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const state = header(headerInfoNames.state);
    const sessionState = header(headerInfoNames.sessionState);
    const code = header(headerInfoNames.code);
    if (!state || !code || sessionState !== auth.sessionState) {
      throw new AppError(Code.tokenInvalid, 'identity.tokenInvalid', { url: signInUrl });
    }
    // spec §6: real-name authentication is the account holder's own. A channel account acting for
    // a customer cannot complete it, so the answer says whose it is (the console shows a notice).
    if (auth.view.id !== auth.account.id && !auth.view.realNameVerified)
      throw new AppError(Code.realNameRequired, 'openService.realNameByHolder', {
        account: auth.view.login,
        holder_must_verify: true,
      });
    const result = await applyForService(ctx.db, auth.view, input, {
      autoApprove: ctx.config.autoApprove,
      sessionState: auth.sessionState,
      actorId: auth.accountId,
      ...auditContext(request),
    });
    ctx.authCache.clear();
    return ok(
      request,
      result,
      result.service_status === 'open' ? 'openService.opened' : 'openService.submitted',
    );
  });
}

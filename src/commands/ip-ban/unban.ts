import { ipBanUnbanPayload } from '../../contract/ip-ban';
import { defineCommand } from '../command';
import { entryInForce, menuPath, tag } from './rules';

export const ipBanUnban = defineCommand({
  name: 'ipBan.unban',
  schemaVersion: 1,
  payload: ipBanUnbanPayload,
  primary: 'ipBan',
  targets: (p) => ({ ipBan: p.cidr }),
  menuPath,
  api: { path: '/v3/ipban/ban/unban', summary: 'Lift a ban in force.', tag },
  done: 'ipBan.unbanned',
  apply({ ipBan }, p, ctx) {
    return { ipBan: { ...entryInForce(ipBan, p.cidr, ctx.now), status: 'unbanned' as const } };
  },
});

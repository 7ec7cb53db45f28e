import type { IpBanEntry } from '../../contract/ip-ban';
import type { Fold } from '../../store';

/** The fields of a ban command's payload that the fold reads; anything else is ignored. */
interface Payload {
  cidr?: string;
  reason?: string;
  expires_at?: string | null;
}

function payloadOf(payload: unknown): Payload {
  if (typeof payload !== 'object' || payload === null) return {};
  const p = payload as Record<string, unknown>;
  return {
    cidr: typeof p.cidr === 'string' ? p.cidr : undefined,
    reason: typeof p.reason === 'string' ? p.reason : undefined,
    expires_at: typeof p.expires_at === 'string' || p.expires_at === null ? p.expires_at : undefined,
  };
}

/**
 * How the IP-ban commands change an entry, as the screen predicts it until the server answers.
 * A new entry has no creator, creation time or version yet: those fields are empty (and the
 * version 0) until the server's snapshot replaces the prediction.
 */
export const ipBanFold: Fold<IpBanEntry> = (current, command) => {
  const p = payloadOf(command.payload);
  switch (command.name) {
    case 'ipBan.ban': {
      const reason = p.reason ?? '';
      const expires_at = p.expires_at ?? null;
      if (current) return { ...current, status: 'banned', reason, expires_at };
      if (p.cidr === undefined) return undefined;
      return {
        id: p.cidr,
        family: p.cidr.includes(':') ? 6 : 4,
        reason,
        expires_at,
        status: 'banned',
        created_by: '',
        created_at: '',
        updated_by: '',
        updated_at: '',
        version: 0,
      };
    }
    case 'ipBan.update':
      if (!current) return undefined;
      return {
        ...current,
        reason: p.reason ?? current.reason,
        expires_at: p.expires_at === undefined ? current.expires_at : p.expires_at,
      };
    case 'ipBan.unban':
      return current ? { ...current, status: 'unbanned' } : undefined;
    default:
      return current;
  }
};

import { foldOf } from '../../commands/fold';

/** How the IP-ban commands change an entry, as the screen predicts it until the server answers. */
export const ipBanFold = foldOf('ipBan');

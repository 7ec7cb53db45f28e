import type { CommandName } from '../../src/contract/commands';
import { domainHandlers } from '../modules/domain/commands';
import { ipBanHandlers } from '../modules/ip-ban/commands';
import type { CommandHandler } from './handler';

/**
 * The handler of every command of the contract (`commandSpecs`). A new command is a spec in the
 * contract and its handler here; the executor, the push endpoint and the single-command endpoints
 * pick it up from these two tables. The mapped type makes a spec without a handler a compile error.
 */
export const commandHandlers: { [N in CommandName]: CommandHandler<N> } = {
  ...ipBanHandlers,
  ...domainHandlers,
};

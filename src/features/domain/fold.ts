import { foldOf } from '../../commands/fold';

/**
 * How the domain and group commands change a domain or a group, as the screens predict it until the
 * server answers: the commands' own `apply` (src/commands). A deleted domain folds to its `deleted`
 * state: the list leaves it out, the detail says so.
 */
export const domainFold = foldOf('domain');
export const domainGroupFold = foldOf('domainGroup');

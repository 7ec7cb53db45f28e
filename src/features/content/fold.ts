import { foldOf } from '../../commands/fold';

/** How a submission or a retry changes a task, as the records predict it until the server answers. */
export const contentFold = foldOf('contentTask');

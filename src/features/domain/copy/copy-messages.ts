import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CopyStep } from '../../../machines';

/** The wizard's steps (spec §2): fill in target domains, choose contents, confirm, done. */
export const copySteps: readonly CopyStep[] = ['targets', 'contents', 'confirm', 'done'];

export const stepTitles: Record<CopyStep, MessageDescriptor> = {
  targets: msg({ id: 'domain.copy.step.targets', message: 'Fill in target domains' }),
  contents: msg({ id: 'domain.copy.step.contents', message: 'Choose contents' }),
  confirm: msg({ id: 'domain.copy.step.confirm', message: 'Confirm basic and origin information' }),
  done: msg({ id: 'domain.copy.step.done', message: 'Done' }),
};

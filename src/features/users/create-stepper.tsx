import { useLingui } from '@lingui/react/macro';
import { Stepper } from '../../ui/stepper';
import { createSteps, stepTitles, type CreateStep } from './user-messages';

/** spec §2: the three steps of "create sub-account"; all ticked once it is done. */
export function CreateStepper({ current }: { current: CreateStep }) {
  const { t, i18n } = useLingui();
  return (
    <Stepper
      label={t({ id: 'user.create.stepper', message: 'Steps to create a sub-account' })}
      titles={createSteps.map((step) => i18n._(stepTitles[step]))}
      at={createSteps.indexOf(current)}
      done={current === 'done'}
    />
  );
}

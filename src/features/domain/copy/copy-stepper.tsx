import { useLingui } from '@lingui/react/macro';
import type { CopyStep } from '../../../machines';
import { Stepper } from '../../../ui/stepper';
import { copySteps, stepTitles } from './copy-messages';

/** The copy wizard's four steps. */
export function CopyStepper({ current }: { current: CopyStep }) {
  const { t, i18n } = useLingui();
  return (
    <Stepper
      label={t({ id: 'domain.copy.stepper.label', message: 'Copy configuration steps' })}
      titles={copySteps.map((step) => i18n._(stepTitles[step]))}
      at={copySteps.indexOf(current)}
    />
  );
}

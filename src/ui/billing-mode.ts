import { useLingui } from '@lingui/react/macro';
import { billingTypesOf, type BillingMode, type BillingType } from '../contract/traffic-package';
import { dictLabel, useAppState } from './app-state';

/**
 * "Billing mode: …" as the overview and the traffic packages say it (spec §2, §9): the mode's
 * label from the dictionary, with the billing type where the mode has several.
 */
export function useBillingModeText(): (billing: {
  billing_mode: BillingMode;
  billing_type: BillingType;
}) => string {
  const { t } = useLingui();
  const { dict } = useAppState();
  return ({ billing_mode, billing_type }) => {
    const mode = dictLabel(dict, 'billing_mode', billing_mode);
    const type = dictLabel(dict, 'billing_type', billing_type);
    return billingTypesOf[billing_mode].length === 1
      ? t({ id: 'billing.mode', message: `Billing mode: ${mode}` })
      : t({ id: 'billing.modeWithType', message: `Billing mode: ${mode} (${type})` });
  };
}

import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatValue } from './metrics';
import type { BillingSummary } from '../../contract/traffic-package';
import { useBillingModeText } from '../../ui/billing-mode';

/**
 * The account's billing mode (with its billing type where the mode has several) and what is
 * billed so far: this month's flow, bandwidth figure, requests or page views, or today's peak
 * under daily peak billing (spec §2, §9; set by the operator).
 */
export function BillingLine({ summary }: { summary: BillingSummary | undefined }) {
  const { t, i18n } = useLingui();
  const billingModeText = useBillingModeText();
  if (!summary) return null;
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const billed = formatValue(summary.value, summary.unit, locale);
  return (
    <>
      <Text fontSize="sm" color="fg.muted">
        {billingModeText(summary)}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {summary.billing_type === 'daily_peak'
          ? t({ id: 'dashboard.traffic.billedToday', message: `Billed today: ${billed}` })
          : t({ id: 'dashboard.traffic.billed', message: `Billed this month: ${billed}` })}
      </Text>
    </>
  );
}

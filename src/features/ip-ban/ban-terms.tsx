import { DataList, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { checkReason } from '../../contract/rules/ip-ban';
import { choiceFor, resolveExpiry } from './expiry';
import { ExpiryField } from './expiry-field';
import { ruleText } from './ip-ban-messages';
import { ReasonField } from './reason-field';

/**
 * The terms of a ban that can change (reason and expiry), as the edit dialog and the
 * pending-changes editor both edit them, checked with the contract's rules.
 */
export function useBanTerms(initial: { reason: string; expires_at: string | null }, now: number) {
  const [reason, setReason] = useState(initial.reason);
  const [expiry, setExpiry] = useState(() => choiceFor(initial.expires_at));
  const reasonProblem = checkReason(reason);
  const resolved = resolveExpiry(expiry, now);
  return {
    reason,
    setReason,
    expiry,
    setExpiry,
    reasonProblem,
    resolved,
    valid: reasonProblem === null && resolved.ok,
    /** The terms to send, with the expiry worked out at this moment; null while a field is wrong. */
    final(): { reason: string; expires_at: string | null } | null {
      const at = resolveExpiry(expiry, Date.now());
      return reasonProblem === null && at.ok ? { reason: reason.trim(), expires_at: at.expiresAt } : null;
    },
  };
}

export type BanTerms = ReturnType<typeof useBanTerms>;

/** The range (fixed) and the reason and expiry fields. */
export function BanTermsFields({ cidr, terms, now }: { cidr: string; terms: BanTerms; now: number }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>{t({ id: 'ipBan.column.range', message: 'IP / CIDR' })}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text fontFamily="mono">{cidr}</Text>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <ReasonField
        value={terms.reason}
        onChange={terms.setReason}
        error={terms.reasonProblem ? ruleText(i18n, terms.reasonProblem) : null}
      />
      <ExpiryField
        value={terms.expiry}
        onChange={terms.setExpiry}
        error={terms.resolved.ok ? null : ruleText(i18n, terms.resolved.problem)}
        now={now}
      />
    </>
  );
}

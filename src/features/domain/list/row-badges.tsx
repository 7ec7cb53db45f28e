import { useLingui } from '@lingui/react/macro';
import { useCertAlert } from './expiring-certs';
import { pendingPalette } from '../../../ui/command-views';
import type { DomainRow } from '../rows';
import { pendingCommandLabels, pendingLabels } from './list-messages';

/** A domain whose certificate has expired or expires soon is marked (spec §9: under 5 days). */
export function CertAlertBadge({ id }: { id: string }) {
  const { t } = useLingui();
  const alert = useCertAlert(id);
  if (!alert) return null;
  return (
    <a className="pc-badge" data-palette={alert === 'expired' ? 'red' : 'orange'} href="#/cdn/cert">
      {alert === 'expired'
        ? t({ id: 'domain.list.certExpired', message: 'Certificate expired' })
        : t({ id: 'domain.list.certSoon', message: 'Certificate expiring soon' })}
    </a>
  );
}

/** A row with a change waiting on this device, refused or in conflict says so, with the change named. */
export function PendingBadge({ row }: { row: DomainRow }) {
  const { i18n } = useLingui();
  const state = row.pendingState;
  if (!state) return null;
  if (state !== 'queued') {
    const message = row.pending.find((p) => p.state !== 'queued')?.error?.msg;
    return (
      <span className="pc-badge" data-variant="outline" data-palette={pendingPalette[state]} title={message}>
        {i18n._(pendingLabels[state])}
        {message ? <span className="pc-sr">: {message}</span> : null}
      </span>
    );
  }
  const last = row.pending.at(-1);
  const doing = last ? pendingCommandLabels[last.name] : undefined;
  const waiting = i18n._(pendingLabels.queued);
  return (
    <span className="pc-badge" data-variant="outline" data-palette="blue" title={waiting}>
      {doing ? i18n._(doing) : waiting}
      {doing ? <span className="pc-sr"> ({waiting})</span> : null}
    </span>
  );
}

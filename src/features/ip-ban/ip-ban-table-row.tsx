import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { pendingPalette } from '../../ui/command-views';
import { formatDateTime } from '../../ui/format';
import { familyLabels, pendingLabels, statusLabels, valueTexts } from './ip-ban-messages';
import { selectable, type IpBanRow } from './rows';

export interface RowActions {
  onEdit: (row: IpBanRow) => void;
  onUnban: (row: IpBanRow) => void;
  onBanAgain: (row: IpBanRow) => void;
}

/**
 * One entry of the list: plain elements styled by the table (`tableStyles`), so a page of rows
 * mounts no component machinery of its own.
 */
export const IpBanTableRow = memo(function IpBanTableRow({
  row,
  checked,
  onSelect,
  login,
  onEdit,
  onUnban,
  onBanAgain,
}: {
  row: IpBanRow;
  checked: boolean;
  onSelect: (id: string, selected: boolean) => void;
  login: string | null;
} & RowActions) {
  const { t, i18n } = useLingui();
  const { entry } = row;
  const id = row.id;
  const parked = row.pendingState === 'rejected' || row.pendingState === 'conflict';
  const parkedMessage = parked ? row.pending.find((p) => p.state !== 'queued')?.error?.msg : undefined;
  const notOnServer = entry.created_at === '';
  const created = formatDateTime(notOnServer ? row.createdAt : entry.created_at);
  const creator = notOnServer ? (login ?? '—') : entry.created_by;
  return (
    <tr data-selected={checked ? '' : undefined}>
      <td>
        <input
          type="checkbox"
          checked={checked}
          disabled={!selectable(row)}
          onChange={(e) => onSelect(id, e.currentTarget.checked)}
          aria-label={t({ id: 'ipBan.table.selectRow', message: `Select ${id}` })}
        />
      </td>
      <td>
        <div className="pc-range">{id}</div>
        {/* Narrower than a desktop, the creation moves under the address instead of a column. */}
        <div data-narrow-only="" className="pc-small pc-muted">
          {created} · {creator}
        </div>
      </td>
      <td data-wide-only="">{i18n._(familyLabels[entry.family])}</td>
      <td>
        <div className="pc-clamp pc-break" title={entry.reason || undefined}>
          {entry.reason || '—'}
        </div>
      </td>
      <td>
        {entry.expires_at === null ? (
          <span className="pc-muted">{i18n._(valueTexts.noExpiry)}</span>
        ) : (
          <>
            <div className="pc-expiry">{formatDateTime(entry.expires_at)}</div>
            {row.expired ? <div className="pc-small pc-warning">{i18n._(valueTexts.expired)}</div> : null}
          </>
        )}
      </td>
      <td>
        <div className="pc-stack">
          <span className="pc-badge" data-palette={row.status === 'banned' ? 'red' : 'gray'}>
            {i18n._(statusLabels[row.status])}
          </span>
          {row.pendingState ? (
            <span
              className="pc-badge"
              data-variant="outline"
              data-palette={pendingPalette[row.pendingState]}
              title={parkedMessage}
            >
              {i18n._(pendingLabels[row.pendingState])}
            </span>
          ) : null}
          {parkedMessage ? <div className="pc-small pc-error pc-note">{parkedMessage}</div> : null}
        </div>
      </td>
      <td data-desktop-only="">
        <div className={notOnServer ? 'pc-nowrap pc-muted' : 'pc-nowrap'}>{created}</div>
        <div className="pc-small pc-muted">{creator}</div>
      </td>
      <td data-col="actions">
        {parked ? (
          <div className="pc-small pc-muted pc-resolve">
            {t({ id: 'ipBan.table.resolveFirst', message: 'Resolve it in Pending changes' })}
          </div>
        ) : row.status === 'banned' ? (
          <>
            <button
              type="button"
              className="pc-button"
              data-palette="blue"
              onClick={() => onEdit(row)}
              aria-label={t({ id: 'ipBan.table.editLabel', message: `Edit the ban of ${id}` })}
            >
              {t({ id: 'ipBan.table.edit', message: 'Edit' })}
            </button>
            <button
              type="button"
              className="pc-button"
              data-palette="red"
              onClick={() => onUnban(row)}
              aria-label={t({ id: 'ipBan.table.unbanLabel', message: `Unban ${id}` })}
            >
              {t({ id: 'ipBan.table.unban', message: 'Unban' })}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="pc-button"
            data-palette="blue"
            onClick={() => onBanAgain(row)}
            aria-label={t({ id: 'ipBan.table.banAgainLabel', message: `Ban again: ${id}` })}
          >
            {t({ id: 'ipBan.table.banAgain', message: 'Ban again' })}
          </button>
        )}
      </td>
    </tr>
  );
});

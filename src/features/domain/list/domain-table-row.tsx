import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { blockedBySpecialConfig, canApply, type DomainAction } from '../../../contract/rules/domain';
import { dictLabel, useAppState } from '../../../ui/app-state';
import { formatDateTime } from '../../../ui/format';
import { ChevronDownIcon, CopyIcon } from '../../../ui/icons';
import { actionLabels, specialConfigMessage, statusLabels } from '../domain-messages';
import type { DomainRow } from '../rows';
import { listTexts } from './list-messages';
import { CertAlertBadge, PendingBadge } from './row-badges';

/** The operations of a row that open the lifecycle dialog. */
export type RowAction = 'hangUp' | 'recover' | 'delete' | 'rename';

export interface RowHandlers {
  onSelect(id: string, selected: boolean): void;
  onAction(action: RowAction, row: DomainRow): void;
  onCopyCname(row: DomainRow): void;
  /** Opens the row's menu of further operations next to `anchor`. */
  onMore(row: DomainRow, anchor: HTMLElement): void;
}

interface DomainTableRowProps extends RowHandlers {
  row: DomainRow;
  /** Position in the view (0-based) and offset from the top of the table, from the virtualiser. */
  index: number;
  start: number;
  checked: boolean;
  /** Its menu of further operations is open. */
  menuOpen: boolean;
}

export const detailHref = (id: string) => `#/cdn/domain/detail?id=${encodeURIComponent(id)}`;
export const copyHref = (id: string) => `#/cdn/domain/copy/${encodeURIComponent(id)}`;

/** Whether an operation is open to a domain: its state (spec §4) and its special configuration (§6). */
export function operationState(row: DomainRow, action: DomainAction): 'enabled' | 'state' | 'special' {
  if (!canApply(action, row.entry.status)) return 'state';
  if (row.entry.special_config && blockedBySpecialConfig.has(action)) return 'special';
  return 'enabled';
}

const statusPalette = { active: 'green', hung_up: 'orange', deleted: 'gray' } as const;

/**
 * One domain of the list: a row of the grid, placed by the virtualiser. Plain elements styled by
 * the table (`tableStyles`): a keystroke that brings 30 new rows into view mounts no component
 * machinery per row. The menu of further operations is one for the whole table.
 */
export const DomainTableRow = memo(function DomainTableRow({
  row,
  index,
  start,
  checked,
  menuOpen,
  onSelect,
  onAction,
  onCopyCname,
  onMore,
}: DomainTableRowProps) {
  const { t, i18n } = useLingui();
  const { dict } = useAppState();
  const { entry } = row;
  const name = entry.domain;
  const count = row.moreOrigins;
  const notOnServer = entry.created_at === '';
  const toggle: RowAction = entry.status === 'hung_up' ? 'recover' : 'hangUp';
  const toggleOpen = operationState(row, toggle) === 'enabled';
  const typeLabel = dictLabel(dict, 'service_type', entry.service_type);
  const areaLabel = dictLabel(dict, 'area', entry.area);
  const group = row.groupName ?? i18n._(listTexts.noGroup);

  return (
    <div
      role="row"
      data-part="body-row"
      aria-rowindex={index + 2}
      data-index={index}
      data-selected={checked ? '' : undefined}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div role="cell" data-col="select">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onSelect(row.id, e.currentTarget.checked)}
          aria-label={t({ id: 'domain.list.selectRow', message: `Select ${name}` })}
        />
      </div>
      <div role="cell" data-col="domain">
        <a className="pc-link pc-truncate" href={detailHref(row.id)} title={name}>
          {name}
        </a>
        {entry.special_config ? (
          <span className="pc-badge" data-palette="purple" title={i18n._(specialConfigMessage)}>
            {i18n._(listTexts.special)}
            <span className="pc-sr">: {i18n._(specialConfigMessage)}</span>
          </span>
        ) : null}
        <CertAlertBadge id={entry.id} />
      </div>
      <div role="cell" data-col="primaryOrigin">
        <span className="pc-mono pc-truncate" title={row.primaryOrigin}>
          {row.primaryOrigin || '—'}
        </span>
        {count > 0 ? (
          <span className="pc-small pc-muted">
            {t({ id: 'domain.list.moreOrigins', message: `+${count} more` })}
          </span>
        ) : null}
      </div>
      <div role="cell" data-col="type">
        <span className="pc-clamp" title={typeLabel}>
          {typeLabel}
        </span>
      </div>
      <div role="cell" data-col="area">
        <span className="pc-clamp" title={areaLabel}>
          {areaLabel}
        </span>
      </div>
      <div role="cell" data-col="status">
        <span className="pc-badge" data-palette={statusPalette[entry.status]}>
          {i18n._(statusLabels[entry.status])}
        </span>
        <PendingBadge row={row} />
      </div>
      <div role="cell" data-col="cname">
        {entry.cname ? (
          <>
            <span className="pc-mono pc-truncate" title={entry.cname}>
              {entry.cname}
            </span>
            <button
              type="button"
              className="pc-button pc-icon-button"
              data-palette="gray"
              onClick={() => onCopyCname(row)}
              aria-label={t({ id: 'domain.list.cname.copy', message: `Copy the CNAME of ${name}` })}
              title={t({ id: 'domain.list.cname.copyTitle', message: 'Copy CNAME' })}
            >
              <CopyIcon size={14} />
            </button>
          </>
        ) : (
          <span className="pc-small pc-muted">{i18n._(listTexts.cnameAfterSync)}</span>
        )}
      </div>
      <div role="cell" data-col="group">
        <span className={row.groupName ? 'pc-truncate' : 'pc-truncate pc-muted'} title={group}>
          {group}
        </span>
      </div>
      <div role="cell" data-col="createdAt">
        <span className={notOnServer ? 'pc-small pc-muted' : 'pc-small'}>
          {row.createdAt > 0 ? formatDateTime(row.createdAt) : '--'}
        </span>
      </div>
      <div role="cell" data-col="actions">
        <a
          className="pc-button"
          data-palette="blue"
          href={detailHref(row.id)}
          aria-label={t({ id: 'domain.list.action.detailLabel', message: `Details of ${name}` })}
        >
          {t({ id: 'domain.list.action.detail', message: 'Details' })}
        </a>
        <button
          type="button"
          className="pc-button"
          data-palette={toggle === 'hangUp' ? 'orange' : 'green'}
          disabled={!toggleOpen}
          onClick={() => onAction(toggle, row)}
          aria-label={
            toggle === 'hangUp'
              ? t({ id: 'domain.list.action.hangUpLabel', message: `Suspend ${name}` })
              : t({ id: 'domain.list.action.recoverLabel', message: `Resume ${name}` })
          }
        >
          {i18n._(actionLabels[toggle])}
        </button>
        <button
          type="button"
          className="pc-button"
          data-palette="gray"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={(e) => onMore(row, e.currentTarget)}
          aria-label={t({ id: 'domain.list.action.moreLabel', message: `More operations for ${name}` })}
        >
          {t({ id: 'domain.list.action.more', message: 'More' })}
          <ChevronDownIcon size={12} />
        </button>
      </div>
    </div>
  );
});

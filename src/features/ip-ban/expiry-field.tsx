import { useLingui } from '@lingui/react/macro';
import { ExpirySelect } from '../../ui/expiry-select';
import { formatDateTime } from '../../ui/format';
import { expiryPresets, localInputValue, type ExpiryChoice, type ExpiryMode } from './expiry';

interface ExpiryFieldProps {
  value: ExpiryChoice;
  onChange: (value: ExpiryChoice) => void;
  /** The rule's text when the choice breaks it. */
  error: string | null;
  now: number;
}

/** Expiry of a ban: none, a preset counted from now, or a date and time. */
export function ExpiryField({ value, onChange, error, now }: ExpiryFieldProps) {
  const { t } = useLingui();
  const current = value.current ? formatDateTime(value.current) : null;
  const modes: { mode: ExpiryMode; label: string }[] = [
    ...(current !== null
      ? [{ mode: 'unchanged' as const, label: t({ id: 'ipBan.expiry.keep', message: `Keep (${current})` }) }]
      : []),
    { mode: 'none', label: t({ id: 'ipBan.expiry.none', message: 'Never expires' }) },
    { mode: 'hour', label: t({ id: 'ipBan.expiry.hour', message: '1 hour' }) },
    { mode: 'day', label: t({ id: 'ipBan.expiry.day', message: '1 day' }) },
    { mode: 'week', label: t({ id: 'ipBan.expiry.week', message: '7 days' }) },
    { mode: 'month', label: t({ id: 'ipBan.expiry.month', message: '30 days' }) },
    { mode: 'custom', label: t({ id: 'ipBan.expiry.custom', message: 'Choose a date and time' }) },
  ];
  const preview =
    value.mode in expiryPresets
      ? formatDateTime(now + expiryPresets[value.mode as keyof typeof expiryPresets])
      : null;
  return (
    <ExpirySelect
      label={t({ id: 'ipBan.expiry.label', message: 'Expires' })}
      modes={modes}
      mode={value.mode}
      onModeChange={(mode) => {
        // Choosing a date starts from tomorrow at this time rather than from an empty field.
        const custom =
          mode === 'custom' && value.custom === '' ? localInputValue(now + expiryPresets.day) : value.custom;
        onChange({ ...value, mode, custom });
      }}
      input={
        value.mode === 'custom'
          ? {
              type: 'datetime-local',
              maxW: '240px',
              value: value.custom,
              min: localInputValue(now),
              label: t({ id: 'ipBan.expiry.customLabel', message: 'Expiry date and time' }),
              onChange: (custom) => onChange({ ...value, custom }),
            }
          : null
      }
      helper={preview ? t({ id: 'ipBan.expiry.preview', message: `Until about ${preview}` }) : null}
      error={error}
    />
  );
}

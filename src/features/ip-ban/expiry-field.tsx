import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
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
    <Field.Root invalid={error !== null}>
      <Field.Label>{t({ id: 'ipBan.expiry.label', message: 'Expires' })}</Field.Label>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
        <NativeSelect.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '200px' }}>
          <NativeSelect.Field
            value={value.mode}
            onChange={(e) => {
              const mode = e.currentTarget.value as ExpiryMode;
              // Choosing a date starts from tomorrow at this time rather than from an empty field.
              const custom =
                mode === 'custom' && value.custom === ''
                  ? localInputValue(now + expiryPresets.day)
                  : value.custom;
              onChange({ ...value, mode, custom });
            }}
          >
            {modes.map((m) => (
              <option key={m.mode} value={m.mode}>
                {m.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {value.mode === 'custom' ? (
          <Input
            type="datetime-local"
            maxW={{ sm: '240px' }}
            value={value.custom}
            min={localInputValue(now)}
            aria-label={t({ id: 'ipBan.expiry.customLabel', message: 'Expiry date and time' })}
            onChange={(e) => onChange({ ...value, custom: e.currentTarget.value })}
          />
        ) : null}
      </Stack>
      {preview ? (
        <Field.HelperText>
          {t({ id: 'ipBan.expiry.preview', message: `Until about ${preview}` })}
        </Field.HelperText>
      ) : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

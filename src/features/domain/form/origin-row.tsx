import { Badge, Box, Button, Checkbox, Field, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, type Ref } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import type { OriginProblem } from '../../../contract/rules/domain';
import { ChevronDownIcon } from '../../../ui/icons';
import { OptionSelect } from '../../../ui/option-select';
import { domainRuleMessages } from '../domain-messages';
import { originValueLabels } from '../origin-labels';
import type { OriginDraft } from './drafts';

/** The fields of an origin that the editor shows, as named in the rules' paths (`origins.<i>.<field>`). */
export type OriginField = Exclude<keyof OriginDraft, 'key'>;

/** The fields kept in the row's "Advanced" disclosure. */
export const advancedFields: readonly OriginField[] = [
  'ip_type',
  'region',
  'sm_crypto',
  'header_match',
  'url_match',
];

const allFields: readonly OriginField[] = [
  'type',
  'address',
  'port',
  'protocol',
  'host',
  'level',
  'weight',
  'carrier',
  ...advancedFields,
];

interface OriginRowProps {
  /** Position in the list, from 0. */
  index: number;
  value: OriginDraft;
  onChange(next: OriginDraft): void;
  /** The rule's message id of a field, if it breaks one. */
  issueOf(field: OriginField): OriginProblem | undefined;
  /** Primary (smallest level), backup, or unknown while the level is not a number. */
  role: 'primary' | 'backup' | null;
  serviceDomain: string;
  disabled: boolean;
  advancedOpen: boolean;
  onAdvancedOpenChange(open: boolean): void;
  onTouch(field: OriginField): void;
  /** Removes the row; absent when the row is the only one. */
  onRemove: (() => void) | null;
  addressRef: Ref<HTMLInputElement>;
}

/** One origin of the origins editor: its fields in a grid that wraps with the width. */
export function OriginRow({
  index,
  value,
  onChange,
  issueOf,
  role,
  serviceDomain,
  disabled,
  advancedOpen,
  onAdvancedOpenChange,
  onTouch,
  onRemove,
  addressRef,
}: OriginRowProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const advancedId = useId();
  const number = index + 1;
  const set = (change: Partial<OriginDraft>) => onChange({ ...value, ...change });
  const problem = (field: OriginField) => {
    const id = issueOf(field);
    return id ? i18n._(domainRuleMessages[id]) : null;
  };

  const labelsOf = <K extends string>(labels: Record<K, MessageDescriptor>) =>
    Object.fromEntries(Object.entries<MessageDescriptor>(labels).map(([k, d]) => [k, i18n._(d)])) as Record<
      K,
      string
    >;
  const typeLabels = labelsOf(originValueLabels.type);
  const protocolLabels = labelsOf(originValueLabels.protocol);
  const carrierLabels = labelsOf(originValueLabels.carrier);
  const ipTypeLabels = labelsOf(originValueLabels.ipType);
  const regionLabels = labelsOf(originValueLabels.region);

  /** A text field: the issue under it, `aria-invalid` on the input (from Field.Root). */
  const text = (
    field: 'address' | 'port' | 'host' | 'level' | 'weight' | 'header_match' | 'url_match',
    label: string,
    options: { placeholder?: string; numeric?: boolean; helper?: string; ref?: Ref<HTMLInputElement> } = {},
  ) => {
    const error = problem(field);
    return (
      <Field.Root invalid={error !== null} disabled={disabled} required={field === 'address'}>
        <Field.Label>
          {label}
          {field === 'address' ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        <Input
          ref={options.ref}
          size="sm"
          value={value[field]}
          onChange={(e) => set({ [field]: e.currentTarget.value })}
          onBlur={() => onTouch(field)}
          placeholder={options.placeholder}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          {...(options.numeric ? { inputMode: 'numeric' as const } : {})}
        />
        {options.helper && error === null ? <Field.HelperText>{options.helper}</Field.HelperText> : null}
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    );
  };

  /** A choice among the contract's codes, shown with their labels. */
  const select = <K extends string>(
    field: 'type' | 'protocol' | 'carrier' | 'ip_type' | 'region',
    label: string,
    labels: Record<K, string>,
  ) => {
    const error = problem(field);
    return (
      <Field.Root invalid={error !== null} disabled={disabled}>
        <Field.Label>{label}</Field.Label>
        <OptionSelect<string>
          size="sm"
          value={value[field]}
          options={(Object.keys(labels) as K[]).map((code) => ({ value: code, label: labels[code] }))}
          onChange={(code) => {
            set({ [field]: code });
            onTouch(field);
          }}
          onBlur={() => onTouch(field)}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    );
  };

  const columns = 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))';
  const hostPlaceholder =
    serviceDomain.trim() ||
    t({ id: 'domain.originForm.hostDefault', message: 'Same as the accelerated domain' });

  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      borderWidth="1px"
      borderRadius="md"
      borderColor={allFields.some((field) => issueOf(field) !== undefined) ? 'border.error' : 'border'}
      p={{ base: '3', md: '4' }}
      bg="bg"
    >
      <Stack gap="3">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <HStack gap="2">
            <Text fontWeight="semibold" id={titleId}>
              {t({ id: 'domain.originForm.row', message: `Origin ${number}` })}
            </Text>
            {role === 'primary' ? (
              <Badge colorPalette="blue" variant="subtle">
                {t({ id: 'domain.originForm.primary', message: 'Primary' })}
              </Badge>
            ) : role === 'backup' ? (
              <Badge colorPalette="gray" variant="subtle">
                {t({ id: 'domain.originForm.backup', message: 'Backup' })}
              </Badge>
            ) : null}
          </HStack>
          {onRemove ? (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              disabled={disabled}
              onClick={onRemove}
              aria-label={t({ id: 'domain.originForm.removeLabel', message: `Remove origin ${number}` })}
            >
              {t({ id: 'domain.originForm.remove', message: 'Remove' })}
            </Button>
          ) : null}
        </HStack>

        <Grid templateColumns={columns} gap="3" alignItems="start">
          {select('type', t({ id: 'domain.originForm.type', message: 'Origin type' }), typeLabels)}
          {text('address', t({ id: 'domain.originForm.address', message: 'Origin address' }), {
            placeholder: value.type === 'ip' ? '192.0.2.10' : 'origin.example.com',
            ref: addressRef,
          })}
          {text('port', t({ id: 'domain.originForm.port', message: 'Port' }), {
            numeric: true,
            placeholder: '80',
          })}
          {select(
            'protocol',
            t({ id: 'domain.originForm.protocol', message: 'Back-to-origin protocol' }),
            protocolLabels,
          )}
          {text('host', t({ id: 'domain.originForm.host', message: 'Back-to-origin host' }), {
            placeholder: hostPlaceholder,
          })}
          {text('level', t({ id: 'domain.originForm.level', message: 'Priority' }), {
            numeric: true,
            placeholder: '10',
            helper: t({ id: 'domain.originForm.levelRange', message: '10–20, smallest is primary' }),
          })}
          {text('weight', t({ id: 'domain.originForm.weight', message: 'Weight' }), {
            numeric: true,
            placeholder: '10',
            helper: t({ id: 'domain.originForm.weightRange', message: '1–100' }),
          })}
          {select('carrier', t({ id: 'domain.originForm.carrier', message: 'Carrier' }), carrierLabels)}
        </Grid>

        <Box>
          <Button
            size="xs"
            variant="plain"
            px="0"
            color="blue.fg"
            aria-expanded={advancedOpen}
            aria-controls={advancedOpen ? advancedId : undefined}
            onClick={() => onAdvancedOpenChange(!advancedOpen)}
            aria-label={t({
              id: 'domain.originForm.advancedLabel',
              message: `Advanced settings of origin ${number}`,
            })}
          >
            {t({ id: 'domain.originForm.advanced', message: 'Advanced settings' })}
            <ChevronDownIcon
              style={{ transform: advancedOpen ? 'rotate(180deg)' : undefined, transition: 'transform 0.2s' }}
            />
          </Button>
          {/* The values live in the draft: closing the disclosure loses nothing. */}
          {advancedOpen ? (
            <Grid id={advancedId} templateColumns={columns} gap="3" alignItems="start" pt="3">
              {select('ip_type', t({ id: 'domain.originForm.ipType', message: 'IP type' }), ipTypeLabels)}
              {select('region', t({ id: 'domain.originForm.region', message: 'Region' }), regionLabels)}
              {text(
                'header_match',
                t({ id: 'domain.originForm.headerMatch', message: 'Request-header match' }),
              )}
              {text('url_match', t({ id: 'domain.originForm.urlMatch', message: 'URL match' }))}
              <Checkbox.Root
                alignSelf="end"
                minH="8"
                size="sm"
                checked={value.sm_crypto}
                disabled={disabled}
                onCheckedChange={(e) => {
                  set({ sm_crypto: e.checked === true });
                  onTouch('sm_crypto');
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {t({ id: 'domain.originForm.smCrypto', message: 'National-crypto origin' })}
                </Checkbox.Label>
              </Checkbox.Root>
            </Grid>
          ) : null}
        </Box>
      </Stack>
    </Box>
  );
}

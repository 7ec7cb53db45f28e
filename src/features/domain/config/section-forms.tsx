import { Checkbox, Grid, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ComponentType } from 'react';
import type { SectionContent, SectionKind } from '../../../contract/domain-config';
import {
  cacheRuleTypes,
  configLimits,
  headerActions,
  listModes,
  queryModes,
  redirectCodes,
  refererMatches,
  speedRuleTypes,
  tlsVersions,
  urlAuthTypes,
} from '../../../contract/rules/domain-config';
import {
  CellInput,
  CellNumber,
  LinesField,
  NumberField,
  RuleTable,
  SelectField,
  TextField,
  ToggleField,
  type Issues,
  type RuleColumn,
} from './fields';
import { durationText, fieldLabels, valueLabels } from './labels';
import type { SectionFormProps } from './section-card';

type FormOf<K extends SectionKind> = ComponentType<SectionFormProps<K>>;

const choices = <V extends string>(values: readonly V[], i18n: I18n) =>
  values.map((value) => ({ value, label: valueLabels[value] ? i18n._(valueLabels[value]) : value }));
const label = (key: string, i18n: I18n) => (fieldLabels[key] ? i18n._(fieldLabels[key]) : key);

const addRule = msg({ id: 'domainConfig.addRule', message: 'Add a rule' });
const addHeader = msg({ id: 'domainConfig.addHeader', message: 'Add a header rule' });
const addRewrite = msg({ id: 'domainConfig.addRewrite', message: 'Add a rewrite' });
const addErrorPage = msg({ id: 'domainConfig.addErrorPage', message: 'Add an error page' });

function OriginSettingsForm({ value, onChange, issues }: SectionFormProps<'domainOrigin'>) {
  const { t, i18n } = useLingui();
  return (
    <NumberField
      label={label('connect_timeout', i18n)}
      value={value.connect_timeout}
      onChange={(connect_timeout) => onChange({ ...value, connect_timeout })}
      issue={issues.get('connect_timeout')}
      unit={t({ id: 'domainConfig.unit.seconds', message: 's' })}
      hint={t({ id: 'domainConfig.origin.timeoutHint', message: 'From 3 to 60 seconds; 30 by default.' })}
    />
  );
}

type CacheRule = SectionContent<'domainCache'>['rules'][number];
const newCacheRule = (): CacheRule => ({
  type: 'suffix',
  content: '',
  ttl: 86_400,
  priority: 10,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep',
});

/** The options of a cache rule, as switches in one cell. */
function CacheOptions({
  rule,
  change,
  i18n,
}: {
  rule: CacheRule;
  change(next: CacheRule): void;
  i18n: I18n;
}) {
  return (
    <Stack gap="1">
      {(['ignore_no_cache', 'follow_origin', 'ignore_case'] as const).map((key) => (
        <Checkbox.Root
          key={key}
          size="sm"
          checked={rule[key]}
          onCheckedChange={(e) => change({ ...rule, [key]: e.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label whiteSpace="nowrap">{label(key, i18n)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}

function CellSelect<V extends string>({
  value,
  options,
  onChange,
  label: name,
}: {
  value: V;
  options: { value: V; label: string }[];
  onChange(value: V): void;
  label: string;
}) {
  return (
    <NativeSelect.Root size="sm" minW="8rem">
      <NativeSelect.Field
        aria-label={name}
        value={value}
        onChange={(e) => {
          const chosen = options.find((o) => o.value === e.currentTarget.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The keys of a rule whose values are of type V. */
type KeysOf<R, V> = { [K in keyof R]: R[K] extends V ? K : never }[keyof R] & string;

/**
 * The columns of a rule table, one per field of the rule: the field's name in the header and, in
 * each cell, its input named with the rule's number, with the issue found at `<path>.<i>.<field>`.
 */
function columnsOf<R>(i18n: I18n, issues: Issues, path: string) {
  const name = (field: string, i: number) => `${label(field, i18n)} ${i + 1}`;
  const issueAt = (i: number, field: string) => issues.get(`${path}.${i}.${field}`);
  return {
    text: (
      field: KeysOf<R, string>,
      options: { placeholder?(rule: R): string; hidden?(rule: R): boolean } = {},
    ): RuleColumn<R> => ({
      header: label(field, i18n),
      cell: (rule, change, i) =>
        options.hidden?.(rule) ? null : (
          <CellInput
            label={name(field, i)}
            value={rule[field] as string}
            placeholder={options.placeholder?.(rule)}
            issue={issueAt(i, field)}
            onChange={(text) => change({ ...rule, [field]: text })}
          />
        ),
    }),
    /** A whole number; `spelled` says it in words under the input ("30 days") while it is right. */
    number: (
      field: KeysOf<R, number>,
      options: { unit?: string; spelled?(value: number): string | null } = {},
    ): RuleColumn<R> => ({
      header: options.unit ? `${label(field, i18n)} (${options.unit})` : label(field, i18n),
      cell: (rule, change, i) => {
        const issue = issueAt(i, field);
        const spelled = issue === undefined ? options.spelled?.(rule[field] as number) : null;
        return (
          <Stack gap="0.5">
            <CellNumber
              label={name(field, i)}
              value={rule[field] as number}
              issue={issue}
              onChange={(n) => change({ ...rule, [field]: n })}
            />
            {spelled ? (
              <Text fontSize="xs" color="fg.muted">
                {spelled}
              </Text>
            ) : null}
          </Stack>
        );
      },
    }),
    /** One of `values`; `pick` makes the rule with the value chosen (a choice that clears another field). */
    choice: <V extends string>(
      field: KeysOf<R, V>,
      values: readonly V[],
      pick?: (rule: R, value: V) => R,
    ): RuleColumn<R> => ({
      header: label(field, i18n),
      cell: (rule, change, i) => (
        <CellSelect
          label={name(field, i)}
          value={rule[field] as V}
          options={choices(values, i18n)}
          onChange={(value) => change(pick ? pick(rule, value) : { ...rule, [field]: value })}
        />
      ),
    }),
  };
}

/** A rule's type chosen: a rule for all files has no content. */
const withType = <R extends { type: string; content: string }>(rule: R, type: R['type']): R => ({
  ...rule,
  type,
  content: type === 'all' ? '' : rule.content,
});

function CacheForm({ value, onChange, issues }: SectionFormProps<'domainCache'>) {
  const { t, i18n } = useLingui();
  const col = columnsOf<CacheRule>(i18n, issues, 'rules');
  const seconds = t({ id: 'domainConfig.unit.seconds', message: 's' });
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t({
          id: 'domainConfig.cache.hint',
          message:
            'Rules apply by priority, smaller first; equal priorities in the order listed. Cache time 0 means not cached.',
        })}
      </Text>
      <RuleTable
        label={label('rules', i18n)}
        rules={value.rules}
        onChange={(rules) => onChange({ rules })}
        make={newCacheRule}
        max={configLimits.cacheRulesMax}
        issue={issues.get('rules')}
        addLabel={addRule}
        columns={[
          col.choice('type', cacheRuleTypes, withType),
          col.text('content', {
            placeholder: (rule) =>
              rule.type === 'suffix' ? 'jpg,png' : rule.type === 'all' ? '' : '/static',
          }),
          col.number('ttl', { unit: seconds, spelled: (ttl) => durationText(ttl, i18n) }),
          col.number('priority'),
          col.choice('query', queryModes),
          {
            header: t({ id: 'domainConfig.cache.options', message: 'Options' }),
            cell: (rule, change) => <CacheOptions rule={rule} change={change} i18n={i18n} />,
          },
        ]}
      />
    </Stack>
  );
}

function HttpsForm({ value, onChange, onSwitchOff, issues }: SectionFormProps<'domainHttps'>) {
  const { t, i18n } = useLingui();
  const toggle = (key: 'force_https' | 'hsts' | 'http2') => (checked: boolean) => {
    const next = { ...value, [key]: checked };
    if (key === 'force_https') next.redirect_code = checked ? (value.redirect_code ?? 301) : null;
    if (checked) onChange(next);
    else onSwitchOff(next);
  };
  return (
    <Stack gap="4">
      <Stack gap="2">
        <ToggleField
          label={label('force_https', i18n)}
          checked={value.force_https}
          onChange={toggle('force_https')}
        />
        {value.force_https ? (
          <SelectField
            label={label('redirect_code', i18n)}
            value={value.redirect_code ?? 301}
            options={redirectCodes.map((code) => ({ value: code, label: String(code) }))}
            onChange={(redirect_code) => onChange({ ...value, redirect_code })}
            issue={issues.get('redirect_code')}
          />
        ) : null}
      </Stack>
      <Stack gap="2">
        <ToggleField label={label('hsts', i18n)} checked={value.hsts} onChange={toggle('hsts')} />
        {value.hsts ? (
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3" alignItems="end">
            <NumberField
              label={label('hsts_max_age', i18n)}
              value={value.hsts_max_age}
              onChange={(hsts_max_age) => onChange({ ...value, hsts_max_age })}
              issue={issues.get('hsts_max_age')}
              unit={t({ id: 'domainConfig.unit.seconds', message: 's' })}
            />
            <ToggleField
              label={label('hsts_subdomains', i18n)}
              checked={value.hsts_subdomains}
              onChange={(hsts_subdomains) => onChange({ ...value, hsts_subdomains })}
            />
          </Grid>
        ) : null}
      </Stack>
      <ToggleField label={label('http2', i18n)} checked={value.http2} onChange={toggle('http2')} />
      <Stack gap="2" role="group" aria-label={label('tls_versions', i18n)}>
        <Text fontWeight="medium">{label('tls_versions', i18n)}</Text>
        <HStack gap="4" wrap="wrap">
          {tlsVersions.map((version) => (
            <ToggleField
              key={version}
              label={version}
              checked={value.tls_versions.includes(version)}
              onChange={(checked) =>
                onChange({
                  ...value,
                  tls_versions: tlsVersions.filter((v) =>
                    v === version ? checked : value.tls_versions.includes(v),
                  ),
                })
              }
            />
          ))}
        </HStack>
        {issues.get('tls_versions') ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {i18n._(
              msg({ id: 'domainConfig.https.tlsRequired', message: 'Keep at least one TLS version on' }),
            )}
          </Text>
        ) : null}
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {t({
          id: 'domainConfig.https.certNote',
          message:
            'The certificate in service is associated under these settings, or from the Certificates page.',
        })}
      </Text>
    </Stack>
  );
}

type AccessContent = SectionContent<'domainAccess'>;

/** What "empty" is for each list (spec §3 allow-empty flag). */
const allowEmptyLabels: Record<keyof AccessContent, MessageDescriptor> = {
  ip: msg({ id: 'domainConfig.ip.allowEmpty', message: 'Allow clients without an IPv4 address (IPv6)' }),
  ua: msg({ id: 'domainConfig.ua.allowEmpty', message: 'Allow requests without a User-Agent' }),
  referer: msg({ id: 'domainConfig.field.allowEmpty', message: 'Allow empty referer' }),
};
function AccessList<L extends keyof AccessContent>({
  list,
  value,
  onChange,
  onSwitchOff,
  issues,
  hint,
}: SectionFormProps<'domainAccess'> & { list: L; hint: string }) {
  const { i18n } = useLingui();
  const current = value[list];
  const set = (next: Partial<AccessContent[L]>) => onChange({ ...value, [list]: { ...current, ...next } });
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
      <ToggleField
        label={label(list, i18n)}
        checked={current.enabled}
        onChange={(enabled) =>
          enabled
            ? set({ enabled } as Partial<AccessContent[L]>)
            : onSwitchOff({ ...value, [list]: { ...current, enabled } })
        }
      />
      {current.enabled ? (
        <>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
            <SelectField
              label={label('mode', i18n)}
              value={current.mode}
              options={choices(listModes, i18n)}
              onChange={(mode) => set({ mode } as Partial<AccessContent[L]>)}
            />
            {list === 'referer' || list === 'ua' ? (
              <SelectField
                label={label('match', i18n)}
                // A list kept by an earlier version has no match mode: it matched within the value.
                value={(list === 'ua' ? value.ua.match : value.referer.match) ?? 'fuzzy'}
                options={choices(refererMatches, i18n)}
                onChange={(match) =>
                  list === 'ua'
                    ? onChange({ ...value, ua: { ...value.ua, match } })
                    : onChange({ ...value, referer: { ...value.referer, match } })
                }
              />
            ) : null}
          </Grid>
          <ToggleField
            label={i18n._(allowEmptyLabels[list])}
            checked={current.allow_empty === true}
            onChange={(allow_empty) => set({ allow_empty } as Partial<AccessContent[L]>)}
          />
          <LinesField
            label={label('entries', i18n)}
            values={current.entries}
            onChange={(entries) => set({ entries } as Partial<AccessContent[L]>)}
            issues={issues}
            path={`${list}.entries`}
            hint={hint}
          />
        </>
      ) : null}
    </Stack>
  );
}

function AccessForm(props: SectionFormProps<'domainAccess'>) {
  const { t } = useLingui();
  return (
    <Stack gap="3">
      <AccessList
        {...props}
        list="ip"
        hint={t({
          id: 'domainConfig.ip.hint',
          message: 'One IPv4 address or CIDR range per line, at most 500.',
        })}
      />
      <AccessList
        {...props}
        list="ua"
        hint={t({
          id: 'domainConfig.ua.hint',
          message: 'One User-Agent per line, at most 100; case is ignored.',
        })}
      />
      <AccessList
        {...props}
        list="referer"
        hint={t({
          id: 'domainConfig.referer.hint',
          message: 'One domain per line without http://, at most 100; *.example.com matches its subdomains.',
        })}
      />
    </Stack>
  );
}

type HeaderRule = SectionContent<'domainHeaders'>['request'][number];
function HeaderRules({
  direction,
  value,
  onChange,
  issues,
}: SectionFormProps<'domainHeaders'> & { direction: 'request' | 'response' }) {
  const { i18n } = useLingui();
  const col = columnsOf<HeaderRule>(i18n, issues, direction);
  return (
    <Stack gap="2">
      <Text fontWeight="medium">{label(direction, i18n)}</Text>
      <RuleTable<HeaderRule>
        label={label(direction, i18n)}
        rules={value[direction]}
        onChange={(rules) => onChange({ ...value, [direction]: rules })}
        make={() => ({ action: 'set', name: '', value: '' })}
        max={configLimits.headerRulesMax}
        issue={issues.get(direction)}
        addLabel={addHeader}
        columns={[
          col.choice('action', headerActions, (rule, action) => ({
            ...rule,
            action,
            value: action === 'delete' ? '' : rule.value,
          })),
          col.text('name', { placeholder: () => 'X-Cache' }),
          col.text('value', { hidden: (rule) => rule.action === 'delete' }),
        ]}
      />
    </Stack>
  );
}

function HeadersForm(props: SectionFormProps<'domainHeaders'>) {
  return (
    <Stack gap="4">
      <HeaderRules {...props} direction="request" />
      <HeaderRules {...props} direction="response" />
    </Stack>
  );
}

type Rewrite = SectionContent<'domainRewrites'>['origin_url'][number];
type ErrorPage = SectionContent<'domainRewrites'>['error_pages'][number];
function RewritesForm({ value, onChange, issues }: SectionFormProps<'domainRewrites'>) {
  const { t, i18n } = useLingui();
  const rewriteColumns = (key: 'origin_url' | 'access_url') => columnsOf<Rewrite>(i18n, issues, key);
  const pages = columnsOf<ErrorPage>(i18n, issues, 'error_pages');
  const rewrites = (key: 'origin_url' | 'access_url') => (
    <Stack gap="2" key={key}>
      <Text fontWeight="medium">{label(key, i18n)}</Text>
      <RuleTable<Rewrite>
        label={label(key, i18n)}
        rules={value[key]}
        onChange={(rules) => onChange({ ...value, [key]: rules })}
        make={() => ({ source: '', target: '', target_domain: '' })}
        max={configLimits.rewriteRulesMax}
        issue={issues.get(key)}
        addLabel={addRewrite}
        columns={[
          rewriteColumns(key).text('source', { placeholder: () => '/old' }),
          rewriteColumns(key).text('target', { placeholder: () => '/new' }),
          rewriteColumns(key).text('target_domain', {
            placeholder: () => t({ id: 'domainConfig.rewrite.sameDomain', message: 'Same domain' }),
          }),
        ]}
      />
    </Stack>
  );
  return (
    <Stack gap="4">
      {rewrites('origin_url')}
      {rewrites('access_url')}
      <Stack gap="2">
        <Text fontWeight="medium">{label('error_pages', i18n)}</Text>
        <RuleTable<ErrorPage>
          label={label('error_pages', i18n)}
          rules={value.error_pages}
          onChange={(error_pages) => onChange({ ...value, error_pages })}
          make={() => ({ status: 404, target: '' })}
          max={configLimits.errorPagesMax}
          issue={issues.get('error_pages')}
          addLabel={addErrorPage}
          columns={[
            pages.number('status'),
            pages.text('target', { placeholder: () => 'http://{host}/404.html' }),
          ]}
        />
      </Stack>
    </Stack>
  );
}

function PerformanceForm({ value, onChange, onSwitchOff, issues }: SectionFormProps<'domainPerformance'>) {
  const { t, i18n } = useLingui();
  const compression = value.compression;
  return (
    <Stack gap="4">
      <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
        <ToggleField
          label={label('compression', i18n)}
          checked={compression.enabled}
          onChange={(enabled) => {
            const next = { ...value, compression: { ...compression, enabled } };
            if (enabled) onChange(next);
            else onSwitchOff(next);
          }}
        />
        {compression.enabled ? (
          <>
            <NumberField
              label={label('min_size', i18n)}
              value={compression.min_size}
              onChange={(min_size) => onChange({ ...value, compression: { ...compression, min_size } })}
              issue={issues.get('compression.min_size')}
              unit={t({ id: 'domainConfig.unit.bytes', message: 'bytes' })}
              hint={t({
                id: 'domainConfig.compression.minSizeHint',
                message: 'Files smaller than this are not compressed (1–65535).',
              })}
            />
            <TextField
              label={label('types', i18n)}
              value={compression.types.join(',')}
              onChange={(text) =>
                onChange({
                  ...value,
                  compression: {
                    ...compression,
                    types: text
                      .split(',')
                      .map((type) => type.trim())
                      .filter((type) => type !== ''),
                  },
                })
              }
              issue={
                issues.get('compression.types') ??
                [...issues.entries()].find(([path]) => path.startsWith('compression.types.'))?.[1]
              }
              hint={t({
                id: 'domainConfig.compression.typesHint',
                message: 'File suffixes separated by commas, e.g. html,css,js.',
              })}
            />
          </>
        ) : null}
      </Stack>
      <NumberField
        label={label('post_limit_mb', i18n)}
        value={value.post_limit_mb}
        onChange={(post_limit_mb) => onChange({ ...value, post_limit_mb })}
        issue={issues.get('post_limit_mb')}
        unit={t({ id: 'domainConfig.unit.mb', message: 'MB' })}
        hint={t({ id: 'domainConfig.post.hint', message: 'From 1 to 1024 MB; 30 MB by default.' })}
      />
    </Stack>
  );
}

function UrlAuthForm({ value, onChange, onSwitchOff, issues }: SectionFormProps<'domainUrlAuth'>) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="3">
      <ToggleField
        label={t({ id: 'domainConfig.urlAuth.enable', message: 'URL authentication' })}
        checked={value.enabled}
        onChange={(enabled) =>
          enabled ? onChange({ ...value, enabled }) : onSwitchOff({ ...value, enabled })
        }
      />
      {value.enabled ? (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
          <SelectField
            label={t({ id: 'domainConfig.urlAuth.type', message: 'Authentication type' })}
            value={value.type}
            options={urlAuthTypes.map((type) => ({
              value: type,
              label: t({ id: 'domainConfig.urlAuth.typeName', message: `Type ${type}` }),
            }))}
            onChange={(type) => onChange({ ...value, type })}
          />
          <NumberField
            label={label('lifetime', i18n)}
            value={value.lifetime}
            onChange={(lifetime) => onChange({ ...value, lifetime })}
            issue={issues.get('lifetime')}
            unit={t({ id: 'domainConfig.unit.seconds', message: 's' })}
          />
          <TextField
            label={label('primary_key', i18n)}
            value={value.primary_key}
            onChange={(primary_key) => onChange({ ...value, primary_key })}
            issue={issues.get('primary_key')}
            hint={t({ id: 'domainConfig.urlAuth.keyHint', message: '6 to 40 letters and digits.' })}
          />
          <TextField
            label={label('backup_key', i18n)}
            value={value.backup_key}
            onChange={(backup_key) => onChange({ ...value, backup_key })}
            issue={issues.get('backup_key')}
          />
        </Grid>
      ) : null}
    </Stack>
  );
}

type SpeedRule = SectionContent<'domainSpeedLimit'>['rules'][number];
function SpeedLimitForm({ value, onChange, issues }: SectionFormProps<'domainSpeedLimit'>) {
  const { t, i18n } = useLingui();
  const col = columnsOf<SpeedRule>(i18n, issues, 'rules');
  return (
    <RuleTable<SpeedRule>
      label={label('rules', i18n)}
      rules={value.rules}
      onChange={(rules) => onChange({ rules })}
      make={() => ({ type: 'all', content: '', rate_kbps: 1024 })}
      max={configLimits.speedLimitRulesMax}
      issue={issues.get('rules')}
      addLabel={addRule}
      columns={[
        col.choice('type', speedRuleTypes, withType),
        col.text('content'),
        col.number('rate_kbps', { unit: t({ id: 'domainConfig.unit.kbps', message: 'KB/s' }) }),
      ]}
    />
  );
}

/** The form of each section. */
export const sectionForms: { [K in SectionKind]: FormOf<K> } = {
  domainOrigin: OriginSettingsForm,
  domainCache: CacheForm,
  domainHttps: HttpsForm,
  domainAccess: AccessForm,
  domainHeaders: HeadersForm,
  domainRewrites: RewritesForm,
  domainPerformance: PerformanceForm,
  domainUrlAuth: UrlAuthForm,
  domainSpeedLimit: SpeedLimitForm,
};

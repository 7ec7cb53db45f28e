import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { callOf } from '../../../commands/queue';
import { domainCreatePayload } from '../../../contract/domain';
import type { OriginIssue, OriginProblem } from '../../../contract/rules/domain';
import { StoreFullError } from '../../../store';
import { useSyncAvailability, useSyncRuntime } from '../../../sync/react';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { OptionSelect } from '../../../ui/option-select';
import { PageTitle } from '../../../ui/page-title';
import { PlainForm } from '../../../ui/plain-form';
import { SectionCard } from '../../../ui/section-card';
import { useOnline } from '../../../ui/use-online';
import { domainCommand, newId } from '../commands';
import { ruleMessage } from '../domain-messages';
import { BasicFields } from '../form/basic-fields';
import { OriginsEditor } from '../form/origins-editor';
import { groupOptions } from '../groups/group-options';
import { useDomainData } from '../use-domains';
import { CreateResult } from './create-result';
import { outcomeOf, serverIssuesOf, type ServerIssue } from './outcome';
import {
  createPayload,
  emptyCreateDraft,
  originIssuesOf,
  touchKey,
  validateCreate,
  visibleIssues,
  type CreateDraft,
} from './validate';

/** A creation the server refused: the next submit sends it again, corrected, under the same id. */
interface Refused {
  id: string;
  message: string;
}

const isOriginProblem = (id: string): id is OriginProblem =>
  id.startsWith('domain.origin.') && !!ruleMessage(id);

/**
 * Create domain (spec §2 /cdn/domain/create, §3 Domain and Origin, §5 rules): the service domain,
 * its basic information, an optional group and its origins. The rules are the contract's, checked
 * on submit and then live on every field the user has left. The creation is a command queued in
 * the outbox, so it works offline; the result panel follows it until the server gives the CNAME.
 */
export function DomainCreateScreen() {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const availability = useSyncAvailability();
  const data = useDomainData();
  const online = useOnline();

  const [draft, setDraft] = useState<CreateDraft>(emptyCreateDraft);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  /** Issues the form's rules did not give: the server's, after a refusal, or the payload schema's. */
  const [otherIssues, setOtherIssues] = useState<ServerIssue[]>([]);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [result, setResult] = useState<{ id: string; draft: CreateDraft } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLDivElement>(null);

  const groups = useMemo(() => data?.groups ?? [], [data]);
  // The names in use: every domain not deleted, pending creations included; not the refused
  // creation being corrected, which is this very domain.
  const taken = useMemo(
    () => new Set((data?.rows ?? []).filter((row) => row.id !== refused?.id).map((row) => row.entry.domain)),
    [data, refused],
  );
  const issues = useMemo(() => validateCreate(draft, taken), [draft, taken]);
  const shown = visibleIssues(issues, draft.origins, touched, submitted);

  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const touch = (path: string) =>
    setTouched((current) => {
      const key = touchKey(path, draft.origins);
      return current.has(key) ? current : new Set(current).add(key);
    });
  const change = (next: Partial<CreateDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setSaveError(null);
    // A server's mark stays until its field is changed; from then on the rules speak.
    const changed = Object.keys(next);
    setOtherIssues((current) =>
      current.filter(
        (issue) => !changed.some((field) => issue.path === field || issue.path.startsWith(`${field}.`)),
      ),
    );
  };

  async function submit() {
    setSubmitted(true);
    setSaveError(null);
    if (!runtime || submitting) return;
    if (issues.length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    const stillParked =
      refused === null
        ? undefined
        : data?.projected
            .get(refused.id)
            ?.pending.find((e) => e.name === 'domain.create' && e.state !== 'queued');
    const id = stillParked && refused ? refused.id : newId();
    // A group deleted meanwhile is no longer offered: the select shows "no group".
    const groupId = groups.some((group) => group.id === draft.group_id) ? draft.group_id : '';
    const parsed = domainCreatePayload.safeParse(createPayload({ ...draft, group_id: groupId }, id));
    if (!parsed.success) {
      // The rules above are the payload's; this only catches what they do not say.
      setOtherIssues(
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message_id: issue.message })),
      );
      setSaveError(
        t({
          id: 'domain.create.invalid',
          message: 'Some values are not valid. Please check the marked fields.',
        }),
      );
      setFocusRequest((n) => n + 1);
      return;
    }
    setSubmitting(true);
    try {
      if (stillParked) {
        await runtime.store.retry(stillParked.seq, callOf('domain.create', parsed.data));
        runtime.engine.kick();
      } else {
        await runtime.enqueue(domainCommand('domain.create', parsed.data));
      }
      setResult({ id, draft });
      setRefused(null);
      setOtherIssues([]);
    } catch (error) {
      // Nothing was saved: the form keeps everything.
      setSaveError(
        error instanceof StoreFullError
          ? t({
              id: 'domain.create.storageFull',
              message:
                "This device's storage is full, so the domain was not saved. Free some space and try again.",
            })
          : t({
              id: 'domain.create.saveFailed',
              message: 'The domain could not be saved on this device. Please try again.',
            }),
      );
    } finally {
      setSubmitting(false);
    }
  }

  function startOver() {
    setDraft(emptyCreateDraft());
    setTouched(new Set());
    setSubmitted(false);
    setOtherIssues([]);
    setRefused(null);
    setSaveError(null);
    setResult(null);
  }

  const title = t({ id: 'domain.create.title', message: 'Create domain' });
  const header = (
    <PageTitle title={title}>
      <Text color="fg.muted" fontSize="sm">
        {t({
          id: 'domain.create.intro',
          message:
            'Enter the domain to accelerate and the origin its content comes from. Once it is added, point the domain at the CNAME it is given.',
        })}
      </Text>
    </PageTitle>
  );

  // The form waits for the store too: the names in use and the groups come from it.
  if ((!runtime && availability !== 'unavailable') || (runtime && !data))
    return <CenteredSpinner label={t({ id: 'domain.create.opening', message: 'Preparing the form…' })} />;

  if (result) {
    const outcome = outcomeOf(data, result.id, online);
    return (
      <Stack gap="5" maxW="1200px" mx="auto">
        {header}
        <CreateResult
          id={result.id}
          domain={result.draft.domain.trim()}
          outcome={outcome}
          onAddAnother={startOver}
          onBackToForm={() => {
            const error = outcome.kind === 'refused' ? outcome.error : undefined;
            setDraft(result.draft);
            setSubmitted(true);
            setOtherIssues(serverIssuesOf(error));
            setRefused(outcome.kind === 'refused' ? { id: result.id, message: error?.msg ?? '' } : null);
            setResult(null);
          }}
        />
      </Stack>
    );
  }

  const issueText = (id: string | undefined) => {
    const descriptor = id === undefined ? undefined : ruleMessage(id);
    return descriptor ? i18n._(descriptor) : null;
  };
  const domainIssue =
    shown.find((issue) => issue.path === 'domain')?.message_id ??
    otherIssues.find((issue) => issue.path === 'domain' && ruleMessage(issue.message_id))?.message_id;
  const domainError = issueText(domainIssue);
  const clientOriginIssues = originIssuesOf(shown);
  const originIssues: OriginIssue[] = [
    ...clientOriginIssues,
    ...otherIssues.flatMap((issue): OriginIssue[] =>
      (issue.path === 'origins' || issue.path.startsWith('origins.')) &&
      isOriginProblem(issue.message_id) &&
      !clientOriginIssues.some((i) => i.path === issue.path)
        ? [{ path: issue.path, message_id: issue.message_id }]
        : [],
    ),
  ];
  const problemCount = submitted ? issues.length : 0;
  const blocked = !runtime;

  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      {header}
      {blocked ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({
                id: 'domain.create.noStorageTitle',
                message: 'This browser cannot keep data for the console',
              })}
            </Alert.Title>
            <Alert.Description>
              {t({
                id: 'domain.create.noStorage',
                message:
                  'A new domain is saved on this device before it is sent, and this browser does not allow that. Allow site data for this site, or use another browser, then reload the page.',
              })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {refused ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'domain.create.refusedForm', message: 'The server rejected this domain' })}
            </Alert.Title>
            {refused.message ? <Alert.Description>{refused.message}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <PlainForm onSubmit={() => void submit()}>
        <Stack gap="5" ref={form}>
          <SectionCard
            titleId="domain-create-basic"
            title={t({ id: 'domain.create.basicTitle', message: 'Basic information' })}
          >
            <Stack gap="5">
              <Field.Root required invalid={domainError !== null} maxW={{ md: '36rem' }}>
                <Field.Label>
                  {t({ id: 'domain.create.domain', message: 'Accelerated domain' })}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  value={draft.domain}
                  onChange={(e) => change({ domain: e.currentTarget.value })}
                  onBlur={() => touch('domain')}
                  placeholder={t({
                    id: 'domain.create.domainPlaceholder',
                    message: 'e.g. www.example.com',
                  })}
                  spellCheck={false}
                  autoCapitalize="off"
                  autoComplete="off"
                />
                <Field.HelperText>
                  {t({
                    id: 'domain.create.domainHelp',
                    message:
                      'Lowercase letters, digits, dots, underscores and hyphens, at most 100 characters; a hyphen cannot start or end a part of the name. For a wildcard domain start with *. (e.g. *.example.com).',
                  })}
                </Field.HelperText>
                <Field.ErrorText>{domainError}</Field.ErrorText>
              </Field.Root>
              <BasicFields value={draft.basic} onChange={(basic) => change({ basic })} />
              <Field.Root maxW={{ md: '22rem' }}>
                <Field.Label>{t({ id: 'domain.create.group', message: 'Group (optional)' })}</Field.Label>
                <OptionSelect
                  value={draft.group_id}
                  options={groupOptions(groups, {
                    value: '',
                    label: t({ id: 'domain.create.noGroup', message: 'No group' }),
                  })}
                  onChange={(group_id) => change({ group_id })}
                />
              </Field.Root>
            </Stack>
          </SectionCard>

          <SectionCard
            titleId="domain-create-origins"
            title={t({ id: 'domain.create.originsTitle', message: 'Origins' })}
          >
            <OriginsEditor
              value={draft.origins}
              onChange={(origins) => change({ origins })}
              issues={originIssues}
              serviceDomain={draft.domain.trim()}
              onTouch={touch}
            />
          </SectionCard>

          {saveError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{saveError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <HStack justify="flex-end" gap="3" wrap="wrap">
            {problemCount > 0 ? (
              <Text fontSize="sm" color="fg.error" role="alert" me="auto">
                {t({
                  id: 'domain.create.problems',
                  message: plural(problemCount, {
                    one: 'Correct the marked problem to create the domain.',
                    other: 'Correct the # marked problems to create the domain.',
                  }),
                })}
              </Text>
            ) : null}
            <Button asChild variant="outline">
              <a href="#/cdn/domain/list">{t({ id: 'domain.create.cancel', message: 'Cancel' })}</a>
            </Button>
            <Button type="submit" colorPalette="blue" loading={submitting} disabled={blocked}>
              {t({ id: 'domain.create.submit', message: 'Create' })}
            </Button>
          </HStack>
        </Stack>
      </PlainForm>
    </Stack>
  );
}

import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { CopyStep } from '../../../machines';
import type { PullState } from '../../../sync/pull';
import type { SyncRuntime } from '../../../sync/runtime';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { PageTitle } from '../../../ui/page-title';
import { PlainForm } from '../../../ui/plain-form';
import type { DomainData } from '../use-domains';
import { ConfirmStep } from './confirm-step';
import { ContentsStep } from './contents-step';
import { CopyBlocked, type CopyBlock } from './copy-blocked';
import { copySteps, stepTitles } from './copy-messages';
import { CopyResults, type DonePhase } from './copy-results';
import { CopyStepper } from './copy-stepper';
import { TargetsStep } from './targets-step';
import { useCopyWizard } from './use-copy-wizard';

interface CopyWizardProps {
  id: string;
  runtime: SyncRuntime;
  data: DomainData;
  online: boolean;
  pullState: PullState;
}

const blocks: readonly CopyBlock[] = ['notFound', 'deleted', 'specialConfig', 'unsynced'];
const donePhases: readonly DonePhase[] = ['settling', 'failed', 'retrying', 'succeeded'];

/** The copy-configuration wizard of one source domain, once the store has answered. */
export function CopyWizard({ id, runtime, data, online, pullState }: CopyWizardProps) {
  const { t, i18n } = useLingui();
  const { snapshot, send } = useCopyWizard(id, runtime, data, online, pullState);
  const context = snapshot.context;
  const step = copySteps.find((s) => snapshot.hasTag(s)) ?? null;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<CopyStep | null>(step);

  // A new step replaces the last one: the keyboard and the screen reader follow to its heading.
  useEffect(() => {
    if (step !== null && shownStep.current !== null && step !== shownStep.current)
      stepHeading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const sourceName = context.source?.domain ?? data.projected.get(id)?.state?.domain ?? null;
  const groupId = context.source?.group_id ?? null;
  const groupName = groupId === null ? null : (data.groups.find((g) => g.id === groupId)?.name ?? null);
  const title = t({ id: 'domain.copy.title', message: 'Copy configuration' });

  const header = (
    <PageTitle title={title}>
      {sourceName ? (
        <Text color="fg.muted" wordBreak="break-all">
          {t({ id: 'domain.copy.source', message: `Source domain: ${sourceName}` })}
        </Text>
      ) : null}
    </PageTitle>
  );

  const block = blocks.find((b) => snapshot.matches(b));
  if (block)
    return (
      <Stack gap="5" maxW="1100px" mx="auto">
        {header}
        <CopyBlocked block={block} domain={sourceName} />
      </Stack>
    );
  if (step === null)
    return (
      <CenteredSpinner label={t({ id: 'domain.copy.loading', message: 'Loading the source domain…' })} />
    );

  const busy = snapshot.hasTag('busy');
  const phase = donePhases.find((p) => snapshot.matches({ done: p }));
  const nextButton = (
    <Button type="submit" colorPalette="blue">
      {t({ id: 'domain.copy.next', message: 'Next' })}
    </Button>
  );
  const backButton = (disabled: boolean) => (
    <Button variant="outline" disabled={disabled} onClick={() => send({ type: 'step.back' })}>
      {t({ id: 'domain.copy.back', message: 'Back' })}
    </Button>
  );
  let body;
  /** The footer's buttons: the way back (or out), then the way on. */
  let back = null;
  let forward = null;
  switch (step) {
    case 'targets':
      body = (
        <TargetsStep
          targets={context.targets}
          issues={context.targetIssues}
          listProblem={context.targetsProblem}
          send={send}
        />
      );
      back = (
        <Button asChild variant="ghost">
          <a href="#/cdn/domain/list">{t({ id: 'domain.copy.cancel', message: 'Cancel' })}</a>
        </Button>
      );
      forward = nextButton;
      break;
    case 'contents':
      body = (
        <ContentsStep
          copyGroup={context.copyGroup}
          sections={context.sections}
          sourceConfig={context.sourceConfig}
          groupName={groupName}
          send={send}
        />
      );
      back = backButton(false);
      forward = nextButton;
      break;
    case 'confirm':
      body = <ConfirmStep context={context} groupName={groupName} busy={busy} send={send} />;
      back = backButton(busy);
      forward = (
        <Button colorPalette="blue" loading={busy} onClick={() => send({ type: 'copy.submit' })}>
          {t({ id: 'domain.copy.submit', message: 'Copy configuration' })}
        </Button>
      );
      break;
    case 'done':
      body = (
        <CopyResults
          phase={phase ?? 'settling'}
          targets={context.targets}
          cnameOf={(targetId) => data.projected.get(targetId)?.server?.cname ?? ''}
          online={online}
          issues={context.targetIssues}
          failure={context.failure}
          send={send}
        />
      );
      break;
  }

  const stepBody = (
    <Stack gap="6">
      <Heading as="h2" size="md" ref={stepHeading} tabIndex={-1} outline="none">
        {i18n._(stepTitles[step])}
      </Heading>
      {body}
      {forward ? (
        <HStack gap="3" justify="flex-end" wrap="wrap" pt="2" borderTopWidth="1px">
          {back}
          {forward}
        </HStack>
      ) : null}
    </Stack>
  );

  return (
    <Stack gap="5" maxW="1100px" mx="auto">
      {header}
      <Card.Root>
        <Card.Header pb="2">
          <CopyStepper current={step} />
        </Card.Header>
        <Card.Body px={{ base: '4', md: '6' }}>
          {step === 'targets' || step === 'contents' ? (
            // Enter in a field goes on, as "Next" does.
            <PlainForm onSubmit={() => send({ type: 'step.next' })}>{stepBody}</PlainForm>
          ) : (
            stepBody
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

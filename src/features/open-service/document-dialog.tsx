import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { Language } from '../../contract';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { DialogFrame } from '../../ui/dialog-frame';
import { sectionOf } from '../../ui/markdown-sections';
import { useDocument } from '../../ui/use-document';

/** The renderer (react-markdown) loads when a document is first opened, not with the page. */
const MarkdownDoc = lazy(() => import('../../ui/markdown-doc').then((m) => ({ default: m.MarkdownDoc })));

interface DocumentDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  name: 'help' | 'billing';
  /** Only this anchor's section of the document. */
  section?: string;
  language: Language;
}

/** A static document rendered as text in a modal (spec §2: the billing document; the agreement). */
export function DocumentDialog({ open, onClose, title, name, section, language }: DocumentDialogProps) {
  const { t } = useLingui();
  const { state, retry } = useDocument(name, language, open);
  const loading = t({ id: 'openService.document.loading', message: 'Loading…' });
  const source =
    state.status === 'ready'
      ? section
        ? (sectionOf(state.source, section) ?? state.source)
        : state.source
      : '';
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
      title={title}
      footer={<Button onClick={onClose}>{t({ id: 'common.action.close', message: 'Close' })}</Button>}
    >
      {state.status === 'loading' ? (
        <CenteredSpinner label={loading} />
      ) : state.status === 'error' ? (
        <Stack align="flex-start" gap="3" role="alert">
          <Text>{t({ id: 'openService.document.error', message: 'The document could not be loaded.' })}</Text>
          <Button size="sm" variant="outline" onClick={retry}>
            {t({ id: 'common.action.retry', message: 'Retry' })}
          </Button>
        </Stack>
      ) : (
        <Suspense fallback={<CenteredSpinner label={loading} />}>
          <MarkdownDoc source={source} />
        </Suspense>
      )}
    </DialogFrame>
  );
}

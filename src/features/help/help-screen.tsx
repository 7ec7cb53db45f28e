import { Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { useAppState } from '../../ui/app-state';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { MarkdownDoc } from '../../ui/markdown-doc';
import { helpSectionHref, scrollToAnchor, tableOfContents } from '../../ui/markdown-sections';
import { useDocument } from '../../ui/use-document';

/** The help document, with a table of contents at the side on wide screens. `section` scrolls to an anchor. */
export function HelpScreen({ section }: { section?: string }) {
  const { t } = useLingui();
  const { language } = useAppState();
  const { state, retry } = useDocument('help', language);
  const source = state.status === 'ready' ? state.source : '';
  const toc = useMemo(() => tableOfContents(source), [source]);

  useEffect(() => {
    if (state.status === 'ready' && section) requestAnimationFrame(() => scrollToAnchor(section));
  }, [state.status, section]);

  if (state.status === 'loading')
    return (
      <CenteredSpinner label={t({ id: 'help.screen.loading', message: 'Loading the help document…' })} />
    );
  if (state.status === 'error') {
    return (
      <Stack align="center" py="16" gap="3" role="alert">
        <Text>{t({ id: 'help.screen.error', message: 'The help document could not be loaded.' })}</Text>
        <Button onClick={retry}>{t({ id: 'common.action.retry', message: 'Retry' })}</Button>
      </Stack>
    );
  }
  return (
    <Flex gap="6" align="flex-start" maxW="1200px" mx="auto">
      <Box
        as="nav"
        aria-label={t({ id: 'help.screen.toc', message: 'Contents' })}
        w="240px"
        flexShrink={0}
        position="sticky"
        top="72px"
        hideBelow="lg"
        bg="bg"
        borderWidth="1px"
        borderRadius="lg"
        p="3"
        maxH="calc(100vh - 96px)"
        overflowY="auto"
      >
        <Text fontWeight="semibold" mb="2">
          {t({ id: 'help.screen.toc', message: 'Contents' })}
        </Text>
        <Stack as="ul" gap="1" listStyleType="none">
          {toc.map((entry) => (
            <li key={entry.id}>
              <Link
                href={helpSectionHref(entry.id)}
                fontSize="sm"
                ps={entry.depth === 3 ? '3' : '0'}
                color="fg.muted"
                onClick={(event) => {
                  event.preventDefault();
                  scrollToAnchor(entry.id);
                }}
              >
                {entry.text}
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <Box
        as="article"
        flex="1"
        minW="0"
        bg="bg"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: '4', md: '8' }}
      >
        <MarkdownDoc source={source} anchorHref={helpSectionHref} />
      </Box>
    </Flex>
  );
}

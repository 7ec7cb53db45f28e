import { Box, Flex, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { CopyStep } from '../../../machines';
import { CheckIcon } from '../../../ui/icons';
import { copySteps, stepTitles } from './copy-messages';

/**
 * The wizard's four steps, the current one marked (`aria-current="step"`), the ones behind it
 * ticked. Not a navigation: the buttons of each step move between them.
 */
export function CopyStepper({ current }: { current: CopyStep }) {
  const { t, i18n } = useLingui();
  const at = copySteps.indexOf(current);
  return (
    <Box
      as="ol"
      aria-label={t({ id: 'domain.copy.stepper.label', message: 'Copy configuration steps' })}
      display="grid"
      gridTemplateColumns="repeat(4, minmax(0, 1fr))"
      gap={{ base: '2', md: '4' }}
      listStyleType="none"
      m="0"
      p="0"
    >
      {copySteps.map((step, index) => {
        const state = index < at ? 'complete' : index === at ? 'current' : 'upcoming';
        const number = index + 1;
        return (
          <Flex
            as="li"
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            direction={{ base: 'column', md: 'row' }}
            align={{ base: 'flex-start', md: 'center' }}
            gap="2"
            pt="2"
            borderTopWidth="3px"
            borderColor={state === 'upcoming' ? 'border' : 'blue.solid'}
            minW="0"
          >
            <Flex
              flexShrink="0"
              align="center"
              justify="center"
              boxSize="7"
              borderRadius="full"
              fontSize="sm"
              fontWeight="semibold"
              bg={state === 'upcoming' ? 'bg.muted' : 'blue.solid'}
              color={state === 'upcoming' ? 'fg.muted' : 'white'}
              aria-hidden="true"
            >
              {state === 'complete' ? <CheckIcon size={14} /> : number}
            </Flex>
            <Text
              fontSize="sm"
              fontWeight={state === 'current' ? 'semibold' : 'normal'}
              color={state === 'upcoming' ? 'fg.muted' : 'fg'}
              lineHeight="short"
            >
              <Box as="span" srOnly>
                {state === 'complete'
                  ? t({ id: 'domain.copy.stepper.complete', message: `Step ${number}, completed:` })
                  : t({ id: 'domain.copy.stepper.step', message: `Step ${number}:` })}{' '}
              </Box>
              {i18n._(stepTitles[step])}
            </Text>
          </Flex>
        );
      })}
    </Box>
  );
}

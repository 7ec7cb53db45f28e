import { Box, Flex, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CheckIcon } from './icons';

/**
 * The steps of a wizard, the current one marked (`aria-current="step"`), the ones behind it
 * ticked (all of them once the wizard is done). Not a navigation: the buttons of each step move
 * between them.
 */
export function Stepper({
  label,
  titles,
  at,
  done = false,
}: {
  /** What the list is, for assistive technology. */
  label: string;
  titles: readonly string[];
  /** The index of the current step. */
  at: number;
  done?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Box
      as="ol"
      aria-label={label}
      display="grid"
      gridTemplateColumns={`repeat(${titles.length}, minmax(0, 1fr))`}
      gap={{ base: '2', md: '4' }}
      listStyleType="none"
      m="0"
      p="0"
    >
      {titles.map((title, index) => {
        const state = index < at || done ? 'complete' : index === at ? 'current' : 'upcoming';
        const number = index + 1;
        return (
          <Flex
            as="li"
            key={title}
            aria-current={index === at ? 'step' : undefined}
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
                  ? t({ id: 'common.stepper.complete', message: `Step ${number}, completed:` })
                  : t({ id: 'common.stepper.step', message: `Step ${number}:` })}{' '}
              </Box>
              {title}
            </Text>
          </Flex>
        );
      })}
    </Box>
  );
}

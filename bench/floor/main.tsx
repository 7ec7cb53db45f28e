// The least a screen of the console can cost: React and Chakra with the console's theme drawing one
// card of text, nothing read, nothing checked. bench/lcp.ts measures it beside the console's
// screens, so their figures can be read against what this machine and browser allow.
import { Card, ChakraProvider, Heading, Stack, Text } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { system } from '../../src/ui/system';

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <Stack p="6" gap="4">
      <Heading size="xl">概览</Heading>
      <Card.Root id="floor-content">
        <Card.Body>
          <Text>
            加速域名 31 个：已启动 28 个，已挂起 3 个。网页加速 20 个，下载加速 8 个，点播加速 3 个。
          </Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  </ChakraProvider>,
);

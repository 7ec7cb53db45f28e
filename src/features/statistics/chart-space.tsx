import { Box } from '@chakra-ui/react';

/** The place of a chart while its code loads: marked busy for assistive technology (and tests). */
export const ChartSpace = ({ height }: { height: string }) => <Box height={height} aria-busy="true" />;

import { Box, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A top-bar link; below 1280px only its icon shows (the bar has no room for the names on smaller screens), its name stays its label and tooltip. */
export function BarLink({
  href,
  icon,
  label,
  external = false,
}: {
  href: string;
  icon?: ReactNode;
  label: string;
  external?: boolean;
}) {
  return (
    <Link
      href={href}
      color="inherit"
      fontSize="sm"
      px="2"
      py="1"
      borderRadius="md"
      display="inline-flex"
      alignItems="center"
      gap="1"
      textDecoration="none"
      _hover={{ bg: 'whiteAlpha.200', textDecoration: 'none' }}
      aria-label={icon ? label : undefined}
      title={icon ? label : undefined}
      {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}
    >
      {icon}
      <Box as="span" whiteSpace="nowrap" display={icon ? { base: 'none', xl: 'inline' } : 'inline'}>
        {label}
      </Box>
    </Link>
  );
}

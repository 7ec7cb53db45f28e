import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MenuItem } from '../../contract';
import { LeftMenu } from './left-menu';

/** The left menu as a drawer, at tablet width (its own chunk: loaded when first opened). */
export function MenuDrawer({
  open,
  onOpenChange,
  items,
  pathname,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: readonly MenuItem[];
  pathname: string;
}) {
  const { t } = useLingui();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="260px">
            <Drawer.Header>
              <Drawer.Title>{t({ id: 'shell.menu.label', message: 'Main menu' })}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">
              <LeftMenu items={items} pathname={pathname} onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t({ id: 'shell.menu.close', message: 'Close the menu' })} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

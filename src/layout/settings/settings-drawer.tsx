import { Box, CloseButton, Drawer, HStack, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { Check } from 'lucide-react';
import { type Settings, THEME_PRESETS, settingsStore } from '@/stores/settings';

const SWITCHES: { key: keyof Pick<Settings, 'tagsView' | 'fixedHeader' | 'sidebarLogo'>; label: string }[] = [
  { key: 'tagsView', label: '显示标签栏' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '侧边栏 Logo' },
];

/** The system layout settings (theme colour, tags view, fixed header, sidebar logo); opened by SettingsPanel's toggle. */
export function SettingsDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useSelector(settingsStore, (state) => state);
  return (
    <Drawer.Root open={open} placement="end" size="xs" onOpenChange={(event) => onOpenChange(event.open)}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>系统布局设置</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                <Stack gap="3">
                  <Text fontSize="sm" fontWeight="semibold">
                    主题色
                  </Text>
                  <HStack gap="2" wrap="wrap" role="radiogroup" aria-label="主题色">
                    {THEME_PRESETS.map((color) => {
                      const selected = color.toLowerCase() === settings.theme.toLowerCase();
                      return (
                        <Box
                          key={color}
                          as="button"
                          role="radio"
                          aria-checked={selected}
                          aria-label={color}
                          title={color}
                          boxSize="28px"
                          rounded="md"
                          bg={color}
                          color="white"
                          display="grid"
                          placeItems="center"
                          outline={selected ? '2px solid' : 'none'}
                          outlineColor="gray.400"
                          outlineOffset="2px"
                          onClick={() => settingsStore.actions.change('theme', color)}
                        >
                          {selected && <Check size={16} />}
                        </Box>
                      );
                    })}
                  </HStack>
                </Stack>
                {SWITCHES.map(({ key, label }) => (
                  <Switch.Root
                    key={key}
                    checked={settings[key]}
                    onCheckedChange={(event) => settingsStore.actions.change(key, event.checked)}
                    colorPalette="brand"
                    display="flex"
                    justifyContent="space-between"
                    w="full"
                  >
                    <Switch.Label>{label}</Switch.Label>
                    <Switch.HiddenInput />
                    <Switch.Control />
                  </Switch.Root>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

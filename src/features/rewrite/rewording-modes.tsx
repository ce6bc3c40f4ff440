import { Box, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { MachineMode, PaperMachineMode } from '@/api/gen/model';
import { type IconName, RouteIcon } from '@/components/route-icon';
import { MODE_LABELS } from '@common/rewrite-modes';

type Mode = PaperMachineMode | MachineMode;

/** Where each way of rewording is done (the sidebar hides 智能降重; the spec's paths). */
export const MODE_SCREENS: Array<{ mode: Mode; to: string; icon: IconName }> = [
  { mode: 'rewrite', to: '/aimachine/machine', icon: 'rewrite' },
  { mode: 'strong', to: '/papermachinesubmit/papermachine', icon: 'strong' },
  { mode: 'cnki', to: '/cnki/cnki', icon: 'cnki' },
  { mode: 'smart', to: '/nlp/machine', icon: 'smart' },
  { mode: 'polish', to: '/airs/rs', icon: 'polish' },
];

/** Every rewording mode, the one on screen marked: each 降重 screen leads to the others. */
export function RewordingModes({ current }: { current: Mode }) {
  return (
    <HStack as="nav" aria-label="改写方式" gap="2" wrap="wrap" align="center">
      <Text fontSize="sm" color="gray.500">
        改写方式
      </Text>
      {MODE_SCREENS.map(({ mode, to, icon }) => {
        const selected = mode === current;
        return (
          <Box
            key={mode}
            asChild
            display="inline-flex"
            alignItems="center"
            gap="1"
            px="3"
            py="1"
            rounded="full"
            fontSize="sm"
            borderWidth="1px"
            borderColor={selected ? 'brand.solid' : 'gray.200'}
            bg={selected ? 'brand.subtle' : 'white'}
            color={selected ? 'brand.solid' : 'gray.700'}
            fontWeight={selected ? 'semibold' : 'normal'}
            _hover={{ borderColor: 'brand.solid', color: 'brand.solid' }}
          >
            <Link to={to} aria-current={selected ? 'page' : undefined}>
              <RouteIcon name={icon} size={14} />
              {MODE_LABELS[mode]}
            </Link>
          </Box>
        );
      })}
    </HStack>
  );
}

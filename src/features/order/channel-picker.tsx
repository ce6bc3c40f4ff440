import { Box, HStack, SegmentGroup, Text } from '@chakra-ui/react';
import type { PayChannel } from '@/api/gen/model';
import { PAY_CHANNEL_COLORS, PAY_CHANNEL_LABELS } from './labels';

/** 支付方式: the open channels, each with its colour; shown only when there is a choice. */
export function ChannelPicker({ channels, value, onChange }: { channels: PayChannel[]; value: PayChannel; onChange: (channel: PayChannel) => void }) {
  if (channels.length < 2) return null;
  return (
    <HStack gap="3" wrap="wrap">
      <Text fontSize="sm" color="gray.600" id="pay-channel-label">
        支付方式
      </Text>
      <SegmentGroup.Root value={value} onValueChange={(detail) => onChange(detail.value as PayChannel)} aria-labelledby="pay-channel-label">
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={channels.map((channel) => ({
            value: channel,
            label: (
              <HStack gap="1.5">
                <Box as="span" boxSize="2.5" rounded="full" bg={PAY_CHANNEL_COLORS[channel]} aria-hidden />
                {PAY_CHANNEL_LABELS[channel]}
              </HStack>
            ),
          }))}
        />
      </SegmentGroup.Root>
    </HStack>
  );
}

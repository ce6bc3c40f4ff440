import { Badge, Box } from '@chakra-ui/react';
import type { PayChannel } from '@/api/gen/model';
import { PAY_CHANNEL_COLORS, PAY_CHANNEL_LABELS } from './labels';

/** A channel's name beside a dot of its colour. */
export function ChannelBadge({ channel }: { channel: PayChannel }) {
  return (
    <Badge variant="outline" gap="1.5" color="gray.700" borderColor={PAY_CHANNEL_COLORS[channel]}>
      <Box as="span" boxSize="2" rounded="full" bg={PAY_CHANNEL_COLORS[channel]} aria-hidden />
      {PAY_CHANNEL_LABELS[channel]}
    </Badge>
  );
}

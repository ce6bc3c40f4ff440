import { HStack, Progress, Text } from '@chakra-ui/react';

/** A task's progress in a record row: a thin bar and the percentage. */
export function TaskProgress({ value, label }: { value: number; label: string }) {
  return (
    <HStack gap="2">
      <Progress.Root value={value} size="xs" w="60px" colorPalette="brand" aria-label={label}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs">{value}%</Text>
    </HStack>
  );
}

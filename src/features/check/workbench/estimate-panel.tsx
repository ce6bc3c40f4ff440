import { Badge, Box, Flex, HStack, Stack, Stat, Text } from '@chakra-ui/react';
import type { WorkbenchEstimate } from '@/api/gen/model';
import { formatRatio, formatThousands } from '@/lib/number';

/**
 * 总文字复制比 of the report and the estimate after the edits, labelled as an estimate, with how it was computed
 * (the re-checked paragraphs' figures in place of the report's, against this check's sources only).
 */
export function EstimatePanel({ estimate, pending }: { estimate: WorkbenchEstimate; pending: boolean }) {
  const lower = estimate.totalRatio < estimate.originalRatio;
  return (
    <Box as="section" aria-label="复制比估算" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 3, md: 4 }} shadow="xs">
      <Flex gap={{ base: 3, md: 6 }} wrap="wrap" align="center">
        <Stat.Root flex="none">
          <Stat.Label>报告总文字复制比</Stat.Label>
          <Stat.ValueText fontSize="xl" color="gray.700" data-testid="original-ratio">
            {formatRatio(estimate.originalRatio)}
          </Stat.ValueText>
        </Stat.Root>
        <Stat.Root flex="none">
          <Stat.Label>
            <HStack gap="1">
              估算总文字复制比
              <Badge size="sm" colorPalette="orange" variant="subtle">
                估算
              </Badge>
            </HStack>
          </Stat.Label>
          <Stat.ValueText fontSize="2xl" color={lower ? 'green.700' : 'red.600'} data-testid="estimated-ratio" aria-live="polite">
            {formatRatio(estimate.totalRatio)}
          </Stat.ValueText>
        </Stat.Root>
        <Stack gap="0.5" flex="1" minW="240px" fontSize="xs" color="gray.600">
          <Text>
            只与本次查重找到的 {estimate.sourceCount} 篇来源重新比对；完整查重会比对整个文献库，可能找到其他来源，结果以新的查重报告为准。
          </Text>
          <Text data-testid="estimate-how">
            计算：重复 {formatThousands(estimate.matchedChars)} 字 ÷ 总 {formatThousands(estimate.totalChars)} 字。其中改过的段落及其前后段共{' '}
            {estimate.recheckedParagraphs} 段已重新比对，重复字数由 {formatThousands(estimate.recheckedMatchedBefore)} 变为{' '}
            {formatThousands(estimate.recheckedMatched)}，其余段落沿用报告。
            {pending && ' 正在比对刚输入的文字…'}
          </Text>
        </Stack>
      </Flex>
    </Box>
  );
}

import { Box, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { diffChars } from '@common/char-diff';
import type { ReportParagraph, WorkbenchEstimate } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import type { ShownParagraph } from './use-workbench';

type Props = { original: ReportParagraph[]; paragraphs: ShownParagraph[]; estimate: WorkbenchEstimate; revision: number; onClose: () => void };

const PIECE_STYLE = {
  same: {},
  removed: { textDecoration: 'line-through', color: 'red.700', bg: 'red.50' },
  added: { color: 'green.800', bg: 'green.50' },
};

/** What changed since the report: the paragraphs edited, each as a character diff with its ratio before and now. */
export function SummaryDialog({ original, paragraphs, estimate, revision, onClose }: Props) {
  const edited = paragraphs.filter((p) => p.edited || p.pending);
  return (
    <Dialog.Root open size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>修改摘要</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3" data-testid="summary-line">
                共保存 {revision} 个版本，改了 {edited.length} 段；总文字复制比由报告的 {formatRatio(estimate.originalRatio)} 变为估算的{' '}
                {formatRatio(estimate.totalRatio)}。
              </Text>
              <Stack gap="3">
                {edited.map((p) => {
                  const before = original[p.index];
                  return (
                    <Box key={p.index} borderWidth="1px" rounded="md" p="3">
                      <Text fontSize="xs" color="gray.600" mb="1">
                        第 {p.index + 1} 段 · 复制比 {formatRatio(before.ratio)} → {p.pending ? '比对中' : formatRatio(p.ratio)}
                      </Text>
                      <Text lineHeight="tall">
                        {diffChars(before.text, p.text).map((piece, i) => (
                          <Box as="span" key={i} {...PIECE_STYLE[piece.kind]}>
                            {piece.text}
                          </Box>
                        ))}
                      </Text>
                    </Box>
                  );
                })}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>关闭</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Box, Table, Text } from '@chakra-ui/react';
import type { ReportSection } from '@/api/gen/model';
import { SectionCard } from '@/components/section-card';
import { formatRatio, formatThousands } from '@/lib/number';
import { SECTION_LABELS } from './paragraph-list';

/** 各部分检测结果: each chapter (and 摘要, 参考文献 …) with its characters, copied characters and ratio. */
export function SectionsTable({ sections, title = '各部分检测结果' }: { sections: ReportSection[]; title?: string }) {
  return (
    <SectionCard title={title}>
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>部分</Table.ColumnHeader>
              <Table.ColumnHeader>标题</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">字数</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">重复字数</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">复制比</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sections.map((section) => (
              <Table.Row key={section.index} color={section.excluded ? 'gray.500' : undefined}>
                <Table.Cell whiteSpace="nowrap">{SECTION_LABELS[section.kind]}</Table.Cell>
                <Table.Cell>{section.heading || '—'}</Table.Cell>
                <Table.Cell textAlign="end">{formatThousands(section.charCount)}</Table.Cell>
                <Table.Cell textAlign="end">{formatThousands(section.matchedChars)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {section.excluded ? '不计入' : formatRatio(section.ratio)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {sections.some((s) => s.excluded) && (
        <Text fontSize="xs" color="gray.500" mt="2">
          标为「不计入」的部分（如参考文献、目录）不计入总文字复制比。
        </Text>
      )}
    </SectionCard>
  );
}

import { Box, Container, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useChatGptQueryList } from '@/api/gen/chat/chat';
import { RecordTable } from '@/components/record-table';
import { SectionCard } from '@/components/section-card';
import { ServiceGate } from '@/components/service-gate';
import { usePaging } from '@/components/use-paging';
import { formatRelativeTime } from '@/lib/time';

function Conversations() {
  const paging = usePaging();
  const query = useChatGptQueryList(paging.params);
  return (
    <SectionCard title="我的对话">
      <RecordTable
        columns={[
          { key: 'title', label: '对话' },
          { key: 'messageCount', label: '消息数' },
          { key: 'lastMessageAt', label: '最近消息', render: (record) => formatRelativeTime(record.lastMessageAt) },
        ]}
        records={query.data?.records}
        total={query.data?.total}
        loading={query.isLoading}
        error={query.error}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        onPageChange={paging.setPageNo}
        rowKey={(record) => record.id}
        emptyText="还没有对话"
      />
    </SectionCard>
  );
}

/** The standalone chat screen (/gpt): conversations first, the chat itself comes with its own issue. */
export function GptPage() {
  return (
    <Box minH="100dvh" bg="gray.50">
      <HStack h="56px" px="5" bg="white" borderBottomWidth="1px" borderColor="gray.200" justify="space-between">
        <Link to="/home">
          <Heading size="md">墨研 · AI 对话</Heading>
        </Link>
        <Text fontSize="sm" color="gray.500">
          学术问答与写作辅助
        </Text>
      </HStack>
      <Container maxW="4xl" py="6">
        <Stack gap="4">
          <ServiceGate service="chat">
            <Conversations />
          </ServiceGate>
        </Stack>
      </Container>
    </Box>
  );
}

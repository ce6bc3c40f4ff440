import { Flex, HStack, Heading, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ServiceGate } from '@/components/service-gate';
import { ChatScreen } from './chat-screen';

type Props = {
  conversationId?: string;
  onOpen: (conversationId?: string) => void;
};

/**
 * The standalone chat screen (/gpt). While this instance offers no chat (no model configured, or not built),
 * it says so, with the server's reason, before anything can be typed.
 */
export function GptPage({ conversationId, onOpen }: Props) {
  return (
    <Flex direction="column" h="100dvh" bg="gray.50">
      <HStack h="56px" flexShrink={0} px="5" bg="white" borderBottomWidth="1px" borderColor="gray.200" justify="space-between">
        <Link to="/home">
          <Heading as="h1" size="md">
            墨研 · AI 对话
          </Heading>
        </Link>
        <Text fontSize="sm" color="gray.500" display={{ base: 'none', sm: 'block' }}>
          学术问答与写作辅助
        </Text>
      </HStack>
      <Flex direction="column" flex="1" minH="0" w="full" maxW="7xl" mx="auto" p={{ base: 3, md: 5 }}>
        <ServiceGate service="chat">
          <ChatScreen conversationId={conversationId} onOpen={onOpen} />
        </ServiceGate>
      </Flex>
    </Flex>
  );
}

import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

function StatusPage({ code, title, text }: { code: string; title: string; text: string }) {
  return (
    <Center minH="100dvh" p="6" bg="gray.50">
      <Stack align="center" gap="3" textAlign="center">
        <Heading size="6xl" color="brand.solid">
          {code}
        </Heading>
        <Heading size="lg">{title}</Heading>
        <Text color="gray.600">{text}</Text>
        <Button asChild colorPalette="brand" mt="2">
          <Link to="/home">返回首页</Link>
        </Button>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return <StatusPage code="404" title="页面不存在" text="您访问的页面不存在或已被移除" />;
}

export function UnauthorizedPage() {
  return <StatusPage code="401" title="没有访问权限" text="当前账号无权查看该页面" />;
}

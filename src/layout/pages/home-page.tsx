import { Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { type IconName, RouteIcon } from '@/components/route-icon';
import { SLOGAN } from '../constants';

const SERVICES: { title: string; text: string; to: string; icon: IconName }[] = [
  { title: '论文查重', text: '逐段比对，给出总文字复制比与标红报告', to: '/papercheck/check', icon: 'check' },
  { title: 'AI 论文写作', text: '从题目到大纲再到全文，导出 Word', to: '/aipaper/gc', icon: 'writing' },
  { title: 'AI 生成 PPT', text: '输入主题或上传论文，生成答辩演示文稿', to: '/aippt/ppt', icon: 'ppt' },
  { title: '降AI痕迹', text: '检测 AIGC 占比，改写被标记的段落', to: '/aiaigc/jc', icon: 'lower' },
  { title: '论文降重', text: '降低重复率，保留专业术语与原意', to: '/aimachine/machine', icon: 'rewrite' },
  { title: '润色改写', text: '学术化表达，语句更通顺', to: '/airs/rs', icon: 'polish' },
];

export function HomePage() {
  return (
    <Stack gap="6">
      <Box rounded="2xl" p={{ base: 6, md: 10 }} bgGradient="to-r" gradientFrom="brand.solid" gradientTo="brand.fg" color="white">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {SLOGAN}
        </Heading>
        <Text mt="2" opacity={0.9} maxW="560px">
          查重、降重、AIGC 检测、AI 写作与 PPT 生成，一站完成。扫码登录即可获得首次免费查重。
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {SERVICES.map((service) => (
          <Link key={service.to} to={service.to}>
            <Stack
              gap="3"
              h="full"
              p="5"
              bg="white"
              rounded="xl"
              borderWidth="1px"
              borderColor="gray.200"
              transition="all 0.15s"
              _hover={{ borderColor: 'brand.solid', shadow: 'md', transform: 'translateY(-2px)' }}
            >
              <Flex boxSize="40px" rounded="lg" bg="brand.subtle" color="brand.solid" align="center" justify="center">
                <RouteIcon name={service.icon} size={20} />
              </Flex>
              <Heading as="h2" size="md">
                {service.title}
              </Heading>
              <Text fontSize="sm" color="gray.600" flex="1">
                {service.text}
              </Text>
              <Flex align="center" gap="1" fontSize="sm" color="brand.solid">
                立即使用 <ArrowRight size={14} />
              </Flex>
            </Stack>
          </Link>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

import { Badge, Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { type IconName, RouteIcon } from '@/components/route-icon';
import { type ServiceName, useCapabilities } from '@/components/use-capabilities';
import { SLOGAN } from '../constants';

type Service = { title: string; text: string; to: string; icon: IconName; service: ServiceName };

/**
 * Every service this instance has, each with a card, in four groups: the sidebar leaves some of them out
 * (the spec hides 智能降重, AIGC检测, 毕业论文 and the chat), so the home page is where all of them are found.
 */
const GROUPS: Array<{ title: string; services: Service[] }> = [
  {
    title: '检测',
    services: [
      { title: '论文查重', text: '逐段比对，给出总文字复制比与标红报告', to: '/papercheck/check', icon: 'check', service: 'check' },
      { title: 'AIGC检测', text: '逐句估计机器生成概率，给出 AI 字符占比与判定依据', to: '/aigccheck/check', icon: 'aigc', service: 'aigc' },
    ],
  },
  {
    title: '降重与降AI',
    services: [
      { title: '论文降重', text: '降低重复率，保留专业术语与原意', to: '/aimachine/machine', icon: 'rewrite', service: 'rewrite' },
      { title: '强力降重', text: '更大幅度改写句式与结构，适合重复率较高的论文', to: '/papermachinesubmit/papermachine', icon: 'strong', service: 'rewrite' },
      { title: '学术库降重', text: '按本站查重报告，只改写标红的句子', to: '/cnki/cnki', icon: 'cnki', service: 'rewrite' },
      { title: '智能降重', text: '不用大模型的离线引擎，同义替换与句式变换', to: '/nlp/machine', icon: 'smart', service: 'rewrite' },
      { title: '润色改写', text: '学术化表达，语句更通顺', to: '/airs/rs', icon: 'polish', service: 'rewrite' },
      { title: '降AI痕迹', text: '改写检测标出的段落，降低 AI 生成痕迹', to: '/aiaigc/jc', icon: 'lower', service: 'aigcLower' },
    ],
  },
  {
    title: '写作',
    services: [
      { title: 'AI 论文写作', text: '从题目到大纲再到全文，导出 Word', to: '/aipaper/gc', icon: 'writing', service: 'paper' },
      { title: '毕业论文写作', text: '按学位与学科生成初稿，附开题报告、文献综述与致谢', to: '/paperwirte/gc', icon: 'thesis', service: 'paper' },
      { title: '论文生成', text: '期刊学术论文一次生成，只引用你提供的参考文献', to: '/papergc/gc', icon: 'notebook', service: 'paper' },
      { title: 'AI 生成 PPT', text: '输入主题或上传论文，生成答辩演示文稿', to: '/aippt/ppt', icon: 'ppt', service: 'ppt' },
    ],
  },
  {
    title: '问答',
    services: [{ title: 'AI 对话', text: '写作问答：文献综述怎么写、摘要怎么改，随时问', to: '/gpt', icon: 'chat', service: 'chat' }],
  },
];

/** A service card; one this instance does not offer yet says so (建设中) and leads to its calm explanation. */
function ServiceCard({ service, unavailable }: { service: Service; unavailable: boolean }) {
  return (
    <Link to={service.to}>
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
        <Flex justify="space-between" align="flex-start">
          <Flex boxSize="40px" rounded="lg" bg="brand.subtle" color="brand.solid" align="center" justify="center">
            <RouteIcon name={service.icon} size={20} />
          </Flex>
          {unavailable && (
            <Badge variant="subtle" colorPalette="gray">
              建设中
            </Badge>
          )}
        </Flex>
        <Heading as="h3" size="md">
          {service.title}
        </Heading>
        <Text fontSize="sm" color="gray.600" flex="1">
          {service.text}
        </Text>
        <Flex align="center" gap="1" fontSize="sm" color={unavailable ? 'gray.500' : 'brand.solid'}>
          {unavailable ? '敬请期待' : '立即使用'} <ArrowRight size={14} />
        </Flex>
      </Stack>
    </Link>
  );
}

export function HomePage() {
  const { data: capabilities } = useCapabilities();
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
      {GROUPS.map((group) => (
        <Stack key={group.title} as="section" gap="3" aria-label={group.title}>
          <Heading as="h2" size="sm" color="gray.700">
            {group.title}
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            {group.services.map((service) => (
              <ServiceCard key={service.to} service={service} unavailable={capabilities?.services[service.service].available === false} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

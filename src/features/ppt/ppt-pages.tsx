import { Box, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { aiPptInfoDelete, getAiPptInfoQueryListQueryKey, useAiPptInfoGetTemplateList, useAiPptInfoLoadById, useAiPptInfoQueryList } from '@/api/gen/ppt/ppt';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { ServiceScreen } from '@/components/service-screen';
import { TaskDetail } from '@/components/task-detail';
import { TaskRecords } from '@/components/task-records';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';

function PptRecords({ title }: { title?: string }) {
  const paging = usePaging();
  const query = useAiPptInfoQueryList(undefined, paging.params, { query: { enabled: useSignedIn() } });
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      detailHref={(record) => `/aippt/ppttype/${record.id}`}
      extraColumns={[{ key: 'slideCount', label: '页数' }]}
      onDelete={(id) => aiPptInfoDelete({ id })}
      listKey={[getAiPptInfoQueryListQueryKey()[0]]}
    />
  );
}

function Templates() {
  const { data: templates } = useAiPptInfoGetTemplateList();
  if (!templates?.length) return null;
  return (
    <SectionCard title="模板">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {templates.map((template) => (
          <Box key={template.id} borderWidth="1px" borderColor="gray.200" rounded="lg" overflow="hidden">
            <Box h="80px" bg={`linear-gradient(135deg, ${template.palette.slice(0, 2).join(', ') || '#eee, #ddd'})`}>
              {template.previewUrl.startsWith('/') && <Image src={template.previewUrl} alt="" w="full" h="full" objectFit="cover" />}
            </Box>
            <Text fontSize="sm" px="3" py="2" truncate>
              {template.name}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

/** /aippt/ppt and the named route aippttype (/aippt/ppttype/:id) share this screen. */
export function PptPage({ id }: { id?: string }) {
  const query = useAiPptInfoLoadById({ id: id ?? '' }, { query: { enabled: useSignedIn() && Boolean(id) } });
  return (
    <ServiceScreen
      title={id ? '确认提交' : 'AI生成PPT'}
      icon="ppt"
      description="输入主题或上传论文，选择模板与页数，生成可下载的演示文稿"
      highlights={id ? [] : ['主题或论文两种来源', '多套答辩模板', '导出 .pptx']}
    >
      {id ? <TaskDetail query={query} fields={[{ key: 'slideCount', label: '页数' }, { key: 'topic', label: '主题' }]} /> : <Templates />}
      {!id && <PptRecords title="最近生成" />}
    </ServiceScreen>
  );
}

export function PptListPage() {
  return (
    <>
      <PageHeader title="PPT记录" icon="ppt" description="生成过的演示文稿" />
      <PptRecords title="全部记录" />
    </>
  );
}

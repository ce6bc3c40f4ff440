import { Box, Button, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCheckReportParagraphs } from '@/api/gen/check/check';
import type { CheckReport } from '@/api/gen/model';
import { LoginRequired } from '@/components/login-required';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { useSignedIn } from '@/components/use-signed-in';
import { formatDateTime } from '@/lib/time';
import { useReportDownload } from '../download-report';
import { FiguresPanel } from './figures-panel';
import { MatchCompare } from './match-compare';
import { ParagraphBar } from './paragraph-bar';
import { ParagraphList, type Selection } from './paragraph-list';
import { SourcesList } from './sources-list';

function Downloads({ report }: { report: CheckReport }) {
  const { downloading, download } = useReportDownload(report);
  return (
    <>
      <Button size="sm" colorPalette="brand" loading={downloading === 'pdf'} onClick={() => download('pdf')}>
        下载 PDF 报告
      </Button>
      <Button size="sm" variant="outline" loading={downloading === 'html'} onClick={() => download('html')}>
        下载 HTML 报告
      </Button>
    </>
  );
}

function Report({ report }: { report: CheckReport }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const selectParagraph = (index: number) => {
    const paragraph = report.paragraphs.find((p) => p.index === index);
    const marked = paragraph?.sentences.find((s) => s.mark !== 'none');
    setSelection({ paragraph: index, start: marked?.start ?? 0, end: marked?.end ?? 0 });
    document.getElementById(`paragraph-${index}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  return (
    <Stack gap="5">
      <FiguresPanel figures={report.figures} />
      <ParagraphBar paragraphs={report.paragraphs} selected={selection?.paragraph ?? null} onSelect={selectParagraph} />
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="5" alignItems="start">
        <SectionCard title="原文标注">
          <ParagraphList paragraphs={report.paragraphs} selection={selection} onSelect={setSelection} />
        </SectionCard>
        <Stack gap="5" position={{ xl: 'sticky' }} top={{ xl: '4' }}>
          <SectionCard title="相似片段对照">
            <MatchCompare
              paragraph={report.paragraphs.find((p) => p.index === selection?.paragraph)}
              selection={selection}
              sources={report.sources}
            />
          </SectionCard>
          <SectionCard title="相似文献">
            <SourcesList sources={report.sources} />
          </SectionCard>
        </Stack>
      </Grid>
    </Stack>
  );
}

/** /paper/report/$id: a finished check's report. */
export function ReportViewerPage({ id }: { id: string }) {
  const signedIn = useSignedIn();
  const query = useCheckReportParagraphs({ id }, { query: { enabled: signedIn, meta: { silent: true } } });
  const report = query.data;
  return (
    <>
      <PageHeader
        title="查重报告"
        icon="report"
        description={report ? `《${report.title}》 ${report.author || '未填写作者'} · 检测于 ${formatDateTime(report.generatedAt)}` : undefined}
        actions={
          <HStack gap="2">
            {report && <Downloads report={report} />}
            <Button asChild size="sm" variant="ghost">
              <Link to="/paper/report">返回记录</Link>
            </Button>
          </HStack>
        }
      />
      {!signedIn && <LoginRequired what="查重报告" />}
      {signedIn && query.isLoading && <Skeleton h="64" />}
      {signedIn && query.error && (
        <Box>
          <Text color="red.600" role="alert">
            {query.error.message}
          </Text>
        </Box>
      )}
      {report && <Report report={report} />}
    </>
  );
}

import { Box, Button, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useState } from 'react';
import { useCheckReportParagraphs } from '@/api/gen/check/check';
import type { CheckReport } from '@/api/gen/model';
import { LoginRequired } from '@/components/login-required';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { useSignedIn } from '@/components/use-signed-in';
import { useStickyTop } from '@/components/use-sticky-top';
import { formatDateTime } from '@/lib/time';
import { appStore } from '@/stores/app';
import { useReportDownload } from '../download-report';
import { CompareSheet } from './compare-sheet';
import { FiguresPanel } from './figures-panel';
import { MarkLegend } from './mark-legend';
import { MatchCompare } from './match-compare';
import { NextSteps } from './next-steps';
import { ParagraphBar } from './paragraph-bar';
import { ParagraphList, type Selection } from './paragraph-list';
import { ScopePanel } from './scope-panel';
import { SectionsTable } from './sections-table';
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
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  const stickyTop = useStickyTop();
  const [sheetOpen, setSheetOpen] = useState(false);
  const selectSentence = (next: Selection) => {
    setSelection(next);
    if (mobile) setSheetOpen(true);
  };
  const selectParagraph = (index: number) => {
    const paragraph = report.paragraphs.find((p) => p.index === index);
    const marked = paragraph?.sentences.find((s) => s.mark !== 'none');
    setSelection({ paragraph: index, start: marked?.start ?? 0, end: marked?.end ?? 0 });
    document.getElementById(`paragraph-${index}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const compare = (
    <MatchCompare
      paragraph={report.paragraphs.find((p) => p.index === selection?.paragraph)}
      selection={selection}
      sources={report.sources}
    />
  );
  return (
    <Stack gap="5">
      <FiguresPanel figures={report.figures} />
      <NextSteps report={report} />
      <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="5" alignItems="start">
        <ScopePanel scope={report.scope} />
        <SectionsTable sections={report.sections} />
      </Grid>
      <ParagraphBar paragraphs={report.paragraphs} selected={selection?.paragraph ?? null} onSelect={selectParagraph} />
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="5" alignItems="start">
        <SectionCard title="原文标注">
          <MarkLegend />
          <ParagraphList paragraphs={report.paragraphs} selection={selection} onSelect={selectSentence} />
        </SectionCard>
        <Stack gap="5" position={{ xl: 'sticky' }} top={{ xl: stickyTop }} data-testid="compare-column">
          {mobile ? (
            <CompareSheet open={sheetOpen} onClose={() => setSheetOpen(false)}>
              {compare}
            </CompareSheet>
          ) : (
            <SectionCard title="相似片段对照">{compare}</SectionCard>
          )}
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
            {report && (
              <Button asChild size="sm" colorPalette="brand" variant="outline">
                <Link to="/papercheck/workbench/$id" params={{ id }}>
                  改写工作台
                </Link>
              </Button>
            )}
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

import { Box, Button, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useState } from 'react';
import type { Workbench } from '@/api/gen/model';
import { LoginRequired } from '@/components/login-required';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio } from '@/lib/number';
import { appStore } from '@/stores/app';
import { CompareSheet } from '../report/compare-sheet';
import { MarkLegend } from '../report/mark-legend';
import { MatchCompare } from '../report/match-compare';
import type { Selection } from '../report/paragraph-list';
import { SectionsTable } from '../report/sections-table';
import { EstimatePanel } from './estimate-panel';
import { ParagraphEditor } from './paragraph-editor';
import { RecheckDialog } from './recheck-dialog';
import { Suggestions } from './suggestions';
import { SummaryDialog } from './summary-dialog';
import { useWorkbench, type WorkbenchModel } from './use-workbench';
import { WorkbenchToolbar } from './workbench-toolbar';

function Rechecks({ rechecks }: { rechecks: Workbench['rechecks'] }) {
  if (!rechecks.length) return null;
  return (
    <SectionCard title="由本工作台发起的查重">
      <Stack gap="2" fontSize="sm">
        {rechecks.map((r) => (
          <HStack key={r.id} justify="space-between" wrap="wrap">
            <Text>
              估算 {formatRatio(r.estimatedRatio)} · 实际 {r.totalRatio === null ? '查重中' : formatRatio(r.totalRatio)}
            </Text>
            {r.status === 'done' && (
              <Button asChild size="xs" variant="outline">
                <Link to="/paper/report/$id" params={{ id: r.id }}>
                  查看报告
                </Link>
              </Button>
            )}
          </HStack>
        ))}
      </Stack>
    </SectionCard>
  );
}

function Editor({ id, model }: { id: string; model: WorkbenchModel }) {
  const { report, workbench, saved, paragraphs } = model;
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  const [selection, setSelection] = useState<Selection | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [aiMode, setAiMode] = useState(false);
  const [dialog, setDialog] = useState<'summary' | 'recheck' | null>(null);
  const switchAiMode = (on: boolean) => {
    setAiMode(on);
    model.setAiMode(on);
  };

  if (!report || !workbench || !saved) return null;
  const selected = paragraphs.find((p) => p.index === selection?.paragraph);
  const sections = (
    <SectionsTable
      title="各部分（估算）"
      sections={report.sections.map((s) => ({ ...s, ...saved.estimate.sections.find((e) => e.index === s.index) }))}
    />
  );
  const select = (next: Selection) => {
    setSelection(next);
    if (mobile) setSheetOpen(true);
  };
  const take = async (index: number, text: string, edit: boolean) => {
    setSheetOpen(false);
    await model.take(index, text);
    setSelection(null);
    if (edit) setEditing(index);
  };
  const side = (
    <Stack gap="4">
      <MatchCompare paragraph={selected?.pending ? undefined : selected} selection={selection} sources={report.sources} />
      {selection && selected && !selected.pending && selection.end > selection.start && (
        <Suggestions key={`${selection.paragraph}-${selection.start}-${selected.text}`} checkId={id} text={selected.text} selection={selection} onTake={(text, edit) => void take(selection.paragraph, text, edit)} />
      )}
    </Stack>
  );
  return (
    <Stack gap="4">
      <Box position="sticky" top="0" zIndex="docked">
        <EstimatePanel estimate={saved.estimate} pending={paragraphs.some((p) => p.pending)} />
      </Box>
      <WorkbenchToolbar
        checkId={id}
        title={report.title}
        saved={saved}
        docxInPlace={workbench.docxInPlace}
        busy={model.busy}
        aiMode={aiMode}
        onAiMode={switchAiMode}
        onUndo={() => void model.undo()}
        onRedo={() => void model.redo()}
        onSummary={() => setDialog('summary')}
        onRecheck={() => setDialog('recheck')}
      />
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="5" alignItems="start">
        <SectionCard title="正文">
          {aiMode ? (
            <Text fontSize="xs" color="gray.600" mb="3">
              AI 痕迹：紫色的句子被本站 AIGC 检测器判为 AI 生成（概率 ≥ 50%），修改后重新打分。
            </Text>
          ) : (
            <MarkLegend />
          )}
          <Stack gap="4">
            {paragraphs.map((p) => (
              <Box key={p.index}>
                {p.headings.map((heading, i) => (
                  <Text as="h3" key={i} fontWeight="semibold" color="gray.800" mt={i === 0 ? 2 : 0} mb="1">
                    {heading}
                  </Text>
                ))}
                <ParagraphEditor
                  paragraph={p}
                  editing={editing === p.index}
                  selection={selection}
                  aigc={model.aigc[p.index]}
                  aiMode={aiMode}
                  onEdit={(on) => setEditing(on ? p.index : null)}
                  onType={(text) => model.type(p.index, text)}
                  onSelect={select}
                />
              </Box>
            ))}
          </Stack>
        </SectionCard>
        {mobile ? (
          <CompareSheet open={sheetOpen} onClose={() => setSheetOpen(false)}>
            {side}
          </CompareSheet>
        ) : (
          <Stack gap="5" position={{ xl: 'sticky' }} top={{ xl: '36' }}>
            <SectionCard title="来源对照与换个说法">{side}</SectionCard>
            {sections}
            <Rechecks rechecks={workbench.rechecks} />
          </Stack>
        )}
      </Grid>
      {mobile && sections}
      {mobile && <Rechecks rechecks={workbench.rechecks} />}
      {dialog === 'summary' && <SummaryDialog original={report.paragraphs} paragraphs={paragraphs} estimate={saved.estimate} revision={saved.revision} onClose={() => setDialog(null)} />}
      {dialog === 'recheck' && <RecheckDialog checkId={id} estimatedRatio={saved.estimate.totalRatio} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

/** /papercheck/workbench/$id: 改写工作台 (边改边查) of a finished check. */
export function WorkbenchPage({ id }: { id: string }) {
  const signedIn = useSignedIn();
  const model = useWorkbench(id, signedIn);
  return (
    <>
      <PageHeader
        title="改写工作台"
        icon="report"
        description={model.report ? `《${model.report.title}》 · 边改边查：停下输入约 0.3 秒后重新比对，修改自动保存` : undefined}
        actions={
          <Button asChild size="sm" variant="ghost">
            <Link to="/paper/report/$id" params={{ id }}>
              返回报告
            </Link>
          </Button>
        }
      />
      {!signedIn && <LoginRequired what="改写工作台" />}
      {signedIn && model.loading && <Skeleton h="64" />}
      {signedIn && model.error && (
        <Text color="red.600" role="alert">
          {model.error.message}
        </Text>
      )}
      {signedIn && <Editor id={id} model={model} />}
    </>
  );
}

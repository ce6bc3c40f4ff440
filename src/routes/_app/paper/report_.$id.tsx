import { createFileRoute } from '@tanstack/react-router';
import { getCheckReportParagraphsQueryOptions } from '@/api/gen/check/check';
import { ReportViewerPage } from '@/features/check/report/report-viewer-page';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/paper/report_/$id')({
  staticData: { meta: { title: '查重报告', hidden: true } },
  loader: ({ context, params }) => prefetchRecord(context, getCheckReportParagraphsQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <ReportViewerPage id={id} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { ReportViewerPage } from '@/features/check/report/report-viewer-page';

export const Route = createFileRoute('/_app/paper/report_/$id')({
  staticData: { meta: { title: '查重报告', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <ReportViewerPage id={id} />;
  },
});

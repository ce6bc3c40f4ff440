import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/nlp')({
  staticData: { meta: { title: '智能降重', icon: 'smart', hidden: true } },
});

import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aigcdown')({
  // The same screen as /aiaigc/jc under the same name, so the sidebar lists it once (there).
  staticData: { meta: { title: '降AI痕迹', icon: 'lower', hidden: true } },
});

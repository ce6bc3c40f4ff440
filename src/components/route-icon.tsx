import {
  Bot,
  FileCheck2,
  FileSearch,
  GraduationCap,
  House,
  Library,
  type LucideIcon,
  MessagesSquare,
  NotebookPen,
  PenLine,
  Presentation,
  Repeat2,
  ScanText,
  Sparkles,
  Wallet,
  WandSparkles,
  Zap,
} from 'lucide-react';

const ICONS = {
  home: House,
  check: FileSearch,
  report: FileCheck2,
  writing: PenLine,
  thesis: GraduationCap,
  notebook: NotebookPen,
  ppt: Presentation,
  aigc: ScanText,
  lower: Sparkles,
  rewrite: Repeat2,
  strong: Zap,
  cnki: Library,
  smart: Bot,
  polish: WandSparkles,
  chat: MessagesSquare,
  account: Wallet,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export function RouteIcon({ name, size = 16 }: { name?: IconName; size?: number }) {
  if (!name) return null;
  const Icon = ICONS[name];
  return <Icon size={size} strokeWidth={1.8} aria-hidden />;
}

import { IconButton } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from '@/components/ui/toaster';

const COPIED_MS = 1500;

/** Copies `text` to the clipboard and shows a tick for a moment; says so when the browser refuses. */
export function CopyButton({ text, label = '复制' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify.error('复制失败，请手动选择文字复制');
    }
  };
  return (
    <IconButton aria-label={copied ? '已复制' : label} title={copied ? '已复制' : label} size="xs" variant="ghost" onClick={() => void copy()}>
      {copied ? <Check /> : <Copy />}
    </IconButton>
  );
}

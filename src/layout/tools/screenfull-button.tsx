import { IconButton } from '@chakra-ui/react';
import { Maximize, Minimize } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from '@/components/ui/toaster';

const FULLSCREEN_UNSUPPORTED = 'you browser can not work';

export function ScreenfullButton() {
  const [full, setFull] = useState(false);

  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      notify.warning(FULLSCREEN_UNSUPPORTED);
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  return (
    <IconButton aria-label={full ? '退出全屏' : '全屏'} title={full ? '退出全屏' : '全屏'} variant="ghost" size="sm" onClick={toggle}>
      {full ? <Minimize /> : <Maximize />}
    </IconButton>
  );
}

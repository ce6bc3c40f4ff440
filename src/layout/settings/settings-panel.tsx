import { IconButton } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { Settings as SettingsIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { settingsStore } from '@/stores/settings';
import { SETTINGS_TOGGLE_WIDTH } from '../constants';

/** The spec places the drawer's toggle 250 px from the top. */
const SETTINGS_TOGGLE_TOP = '250px';

// The drawer's code (its dialog machinery, the switches) loads on the first click of the toggle.
const SettingsDrawer = lazy(() => import('./settings-drawer').then((module) => ({ default: module.SettingsDrawer })));

export function SettingsPanel() {
  const showSettings = useSelector(settingsStore, (state) => state.showSettings);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!showSettings) return null;

  return (
    <>
      <IconButton
        aria-label="系统设置"
        title="系统设置"
        position="fixed"
        right="0"
        top={SETTINGS_TOGGLE_TOP}
        zIndex="docked"
        roundedRight="0"
        size="sm"
        minW={SETTINGS_TOGGLE_WIDTH}
        w={SETTINGS_TOGGLE_WIDTH}
        colorPalette="brand"
        shadow="md"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <SettingsIcon />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

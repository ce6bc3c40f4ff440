import { Box, Button, Grid, Stack } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { type ReactNode, useState } from 'react';
import { appStore } from '@/stores/app';
import { type AccountMode, AccountSection } from './account-section';
import { QrSection } from './qr/qr-section';
import { useCompleteLogin } from './use-complete-login';

const DISMISS_TEXT = '先看看,一会再说';

type Props = {
  /** Polling runs only while the panel is shown. */
  active: boolean;
  onSuccess?: () => void;
  onDismiss?: () => void;
  /** The overlay links to the standalone password login page; the page itself does not. */
  showPageLink?: boolean;
  /** Opens on sign-up instead of password login (/login?mode=register). */
  initialMode?: AccountMode;
  title: (text: string) => ReactNode;
};

/**
 * From 992 px: QR login on the left, username and password (or sign-up) on the right, as the spec lays
 * out the overlay. Below it (the spec's mobile mode) the form leads and the QR code folds away beneath it.
 */
export function LoginPanel({ active, onSuccess, onDismiss, showPageLink = false, initialMode = 'login', title }: Props) {
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  const [mode, setMode] = useState<AccountMode>(initialMode);
  const completeLogin = useCompleteLogin();
  const finish = async (token: string) => {
    if (await completeLogin(token)) onSuccess?.();
  };

  const qr = <QrSection active={active} onToken={(token) => void finish(token)} title={title} collapsible={mobile} />;
  const account = (
    <Box px="6" py={mobile ? 5 : 8}>
      <AccountSection mode={mode} onModeChange={setMode} onToken={finish} onPageLink={onDismiss} showPageLink={showPageLink} />
    </Box>
  );

  return (
    <Stack gap="0">
      {mobile ? (
        <Stack gap="0">
          {account}
          {qr}
        </Stack>
      ) : (
        <Grid templateColumns="1fr 1fr">
          {qr}
          {account}
        </Grid>
      )}
      {onDismiss && (
        <Box textAlign="center" py="3" borderTopWidth="1px" borderColor="gray.100">
          <Button variant="plain" size="sm" color="gray.500" onClick={onDismiss}>
            {DISMISS_TEXT}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

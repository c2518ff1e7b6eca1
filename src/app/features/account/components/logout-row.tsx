import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '#app/components/button.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { LogoutIcon } from '#app/components/icons.tsx';
import { ListRow } from '#app/components/list.tsx';
import { loading } from '#app/lib/loading-store.ts';
import { toasts } from '#app/lib/toast-store.ts';

/** Sign out, after a confirmation. */
export function LogoutRow({ logout }: { logout: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const navigate = useNavigate();

  async function confirm() {
    setOpen(false);
    try {
      await loading.during(logout(), { text: t`Logging out...` });
      toasts.push('success', t`Signed out`, { forNextScreen: true });
    } catch {
      // The device forgets the session anyway; the server's copy expires by itself.
      toasts.push(
        'info',
        t`Signed out on this device. The server could not be reached; that session ends when it expires.`,
        { forNextScreen: true },
      );
    }
    await navigate({ to: '/' });
  }

  return (
    <>
      <ListRow
        icon={<LogoutIcon />}
        label={<Trans>Sign out</Trans>}
        chevron={false}
        onClick={() => setOpen(true)}
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={<Trans>Sign out?</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" onClick={() => void confirm()}>
              <Trans>Sign out</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans>You will need your password to sign in again on this device.</Trans>
        </p>
      </Dialog>
    </>
  );
}

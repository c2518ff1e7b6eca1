import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './button.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { PasswordField } from './field.tsx';

/**
 * The end of a form that the password confirms (deleting the account, approving a device): the
 * password, what went wrong, and the act itself, which stays off until a password is typed.
 */
export function PasswordConfirm({
  password,
  onPassword,
  error,
  pending,
  children,
}: {
  password: string;
  onPassword: (password: string) => void;
  error: ReactNode;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PasswordField kind="current" label={<Trans>Password</Trans>} value={password} onValue={onPassword} />
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <Button type="submit" variant="danger" block disabled={pending || password === ''}>
        {children}
      </Button>
    </>
  );
}

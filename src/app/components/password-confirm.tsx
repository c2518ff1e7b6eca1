import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { messageOf } from '#app/lib/error-messages.ts';
import { ApiError } from '#app/lib/http.ts';
import { Button } from './button.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { PasswordField } from './field.tsx';
import { Form } from './form.tsx';

/**
 * A form that the password confirms (deleting the account, approving a device): what is about to
 * happen, the password, what went wrong, and the act itself, which stays off until a password is
 * typed. `confirm` sends the password; `onConfirmed` runs once it was accepted.
 */
export function PasswordConfirmForm({
  confirm,
  onConfirmed,
  pending,
  action,
  children,
}: {
  confirm: (password: string) => Promise<unknown>;
  onConfirmed: () => void | Promise<void>;
  pending: boolean;
  action: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ ofPassword: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await confirm(password);
    } catch (caught) {
      // A wrong password is said at the field; anything else (too many attempts, a withdrawal on its
      // way) in the banner.
      const ofPassword =
        caught instanceof ApiError &&
        (caught.code === 'account.password_wrong' || caught.code === 'auth.invalid_credentials');
      setError({ ofPassword, text: i18n._(messageOf(caught)) });
      return;
    }
    await onConfirmed();
  }

  return (
    <Form onSubmit={(event) => void onSubmit(event)}>
      {children}
      <PasswordField
        kind="current"
        label={<Trans>Password</Trans>}
        value={password}
        onValue={setPassword}
        error={error?.ofPassword ? error.text : undefined}
      />
      {error && !error.ofPassword ? <ErrorAlert>{error.text}</ErrorAlert> : null}
      <Button type="submit" variant="danger" block disabled={pending || password === ''}>
        {action}
      </Button>
    </Form>
  );
}

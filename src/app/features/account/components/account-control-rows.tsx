import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '#app/components/button.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { PasswordField } from '#app/components/field.tsx';
import { KeyIcon, TrashIcon } from '#app/components/icons.tsx';
import { ListRow } from '#app/components/list.tsx';
import { Form, FormError } from '#app/components/form.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { formatCount } from '#app/lib/format.ts';
import { ApiError, type AppErrorCode } from '#app/lib/http.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { useChangePassword, useDeleteAccount } from '../api/account-controls-queries.ts';
import { PasswordConfirmForm } from '#app/components/password-confirm.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

type PasswordFieldName = 'password' | 'new_password' | 'confirm_password';

/** The field a refusal is about; one of no field (too many attempts) goes to the form's banner. */
function fieldOf(code: AppErrorCode): PasswordFieldName | null {
  switch (code) {
    case 'account.password_wrong':
      return 'password';
    case 'auth.password_too_short':
    case 'auth.password_too_long':
      return 'new_password';
    case 'auth.password_mismatch':
      return 'confirm_password';
    default:
      return null;
  }
}

/** Change the password: every other device is signed out (the dialog says so before). */
export function ChangePasswordRow() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<{ field: PasswordFieldName | null; text: string } | null>(null);
  const errorOf = (field: PasswordFieldName) => (error?.field === field ? error.text : undefined);
  const [fields, setFields] = useState({ password: '', new_password: '', confirm_password: '' });
  const change = useChangePassword();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const result = await change.mutateAsync(fields);
      const devices = formatCount(result.signed_out_devices);
      toasts.push('success', t`Password changed. Other devices signed out: ${devices}.`);
      setOpen(false);
      setFields({ password: '', new_password: '', confirm_password: '' });
    } catch (caught) {
      const field = caught instanceof ApiError ? fieldOf(caught.code) : null;
      setError({ field, text: i18n._(messageOf(caught)) });
    }
  }

  // Each field reads, writes and shows the refusal of its own name.
  const bind = (name: PasswordFieldName) => ({
    value: fields[name],
    onValue: (value: string) => setFields((f) => ({ ...f, [name]: value })),
    error: errorOf(name),
  });

  return (
    <>
      <ListRow icon={<KeyIcon />} label={<Trans>Change password</Trans>} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} title={<Trans>Change password</Trans>}>
        <Form onSubmit={(event) => void onSubmit(event)}>
          <p className="muted">
            <Trans>Every other device signed in to your account will be signed out.</Trans>
          </p>
          <PasswordField kind="current" label={<Trans>Current password</Trans>} {...bind('password')} />
          <PasswordField kind="new" label={<Trans>New password</Trans>} {...bind('new_password')} />
          <PasswordField
            kind="new"
            label={<Trans>Confirm the new password</Trans>}
            {...bind('confirm_password')}
          />
          <FormError>{error?.field === null ? error.text : null}</FormError>
          <Button type="submit" block disabled={change.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Form>
      </Dialog>
    </>
  );
}

/** Delete the account, with one confirmation that says what is lost and what is kept (docs/product-rules.md#respect-no). */
export function DeleteAccountRow({ balance }: { balance: string | undefined }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const amount = <XrpAmount amount={balance ?? '0'} />;

  return (
    <>
      <ListRow
        icon={<TrashIcon />}
        label={<Trans>Delete my account</Trans>}
        tone="danger"
        onClick={() => setOpen(true)}
      />
      <Dialog open={open} onClose={() => setOpen(false)} title={<Trans>Delete your account?</Trans>}>
        <PasswordConfirmForm
          confirm={(password) => remove.mutateAsync(password)}
          onConfirmed={() => navigate({ to: '/' })}
          pending={remove.isPending}
          action={<Trans>Delete my account</Trans>}
        >
          <p>
            <Trans>
              Your name, e-mail, phone and withdrawal address are erased and every device is signed out. Your
              balance of {amount} is lost. The accounting records stay, without anything that names you.
            </Trans>
          </p>
          <p>
            <Trans>
              Payments already sent to your exchange stay on the public XRP Ledger, as every payment there
              does: nobody can erase them.
            </Trans>
          </p>
        </PasswordConfirmForm>
      </Dialog>
    </>
  );
}

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordConfirmForm } from '#app/components/password-confirm.tsx';
import { ApiError } from '#app/lib/http.ts';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// Deleting the account and approving a device: the act stays off until a password is typed, a
// refusal is said in the form, and only an accepted password goes on.

rendersEveryScreenIn('en');

function renderForm(confirm: (password: string) => Promise<unknown>, onConfirmed: () => void) {
  renderInApp(
    <PasswordConfirmForm confirm={confirm} onConfirmed={onConfirmed} pending={false} action="Do it">
      <p>What is about to happen.</p>
    </PasswordConfirmForm>,
  );
  return {
    button: screen.getByRole('button', { name: 'Do it' }),
    type: (password: string) =>
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } }),
  };
}

describe('a form the password confirms', () => {
  it('sends the typed password, then goes on', async () => {
    const confirm = vi.fn(() => Promise.resolve());
    const onConfirmed = vi.fn();
    const form = renderForm(confirm, onConfirmed);
    expect(screen.getByText('What is about to happen.')).toBeTruthy();
    expect((form.button as HTMLButtonElement).disabled).toBe(true);
    form.type('secret');
    expect((form.button as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(form.button);
    });
    expect(confirm).toHaveBeenCalledWith('secret');
    expect(onConfirmed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a password was refused and does not go on', async () => {
    const confirm = vi.fn(() => Promise.reject(new ApiError('auth.invalid_credentials', 401)));
    const onConfirmed = vi.fn();
    const form = renderForm(confirm, onConfirmed);
    form.type('wrong');
    await act(async () => {
      fireEvent.click(form.button);
    });
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Incorrect username or password');
  });

  it('says a wrong password at the field: marked invalid, the message read with it', async () => {
    const form = renderForm(() => Promise.reject(new ApiError('account.password_wrong', 400)), vi.fn());
    form.type('wrong');
    await act(async () => {
      fireEvent.click(form.button);
    });
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('The password is not correct');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says a refusal that is not about the password in the banner, and leaves the field valid', async () => {
    const form = renderForm(
      () => Promise.reject(new ApiError('account.withdrawal_in_progress', 409)),
      vi.fn(),
    );
    form.type('secret');
    await act(async () => {
      fireEvent.click(form.button);
    });
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').classList.contains('alert-error')).toBe(true);
  });
});

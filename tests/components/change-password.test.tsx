import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordRow } from '#app/features/account/components/account-control-rows.tsx';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// Changing the password: a refusal about one of the three fields is said at that field (red border,
// aria-invalid, the message read with it), not only in a banner a screen reader may miss.

rendersEveryScreenIn('en');
afterEach(() => vi.unstubAllGlobals());

/** The server refuses every request with `error`. */
function serverRefusing(error: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, msg: error, data: { error } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

async function submit(fields: { current: string; next: string; confirm: string }) {
  renderInApp(<ChangePasswordRow />);
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: fields.current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: fields.next } });
  fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: fields.confirm } });
  const dialog = screen.getByRole('dialog');
  await act(async () => {
    fireEvent.submit(dialog.querySelector('form')!);
  });
}

/** Whether the field is marked invalid, and the message it is described by. */
async function fieldState(label: string) {
  const field = screen.getByLabelText(label);
  await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
}

describe('change password', () => {
  it.each([
    { error: 'account.password_wrong', label: 'Current password', text: 'The password is not correct' },
    {
      error: 'auth.password_too_short',
      label: 'New password',
      text: 'Password must be at least 6 characters',
    },
    { error: 'auth.password_mismatch', label: 'Confirm the new password', text: 'Passwords do not match' },
  ])('says $error at the field "$label"', async ({ error, label, text }) => {
    serverRefusing(error);
    await submit({ current: 'wrong12', next: 'new-secret', confirm: 'new-secret' });
    expect(await fieldState(label)).toBe(text);
    // The other fields stay as they were, and no banner repeats it.
    const others = ['Current password', 'New password', 'Confirm the new password'].filter(
      (l) => l !== label,
    );
    for (const other of others) expect(screen.getByLabelText(other).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says a refusal of no field in the banner', async () => {
    serverRefusing('auth.too_many_attempts');
    await submit({ current: 'wrong12', next: 'new-secret', confirm: 'new-secret' });
    await vi.waitFor(() => expect(screen.getByRole('alert').classList.contains('alert-error')).toBe(true));
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull();
  });
});

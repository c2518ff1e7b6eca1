import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressForm } from '#app/features/withdraw/components/address-form.tsx';
import { renderInRouter, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// Saving or changing the withdrawal address: what the confirmation's button does while the server
// has not answered yet.

rendersEveryScreenIn('en');
afterEach(() => vi.unstubAllGlobals());

const ADDRESS = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';

/** The server checks the address at once and keeps every save waiting; answers the requests made. */
function serverThatHoldsTheSave() {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://app').pathname;
      requests.push(path);
      if (path !== '/api/withdraw/checkAddress') return new Promise<Response>(() => undefined);
      const data = { walletaddress: ADDRESS, tag: '123456', exchange: 'Bitstamp' };
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

describe('the address form', () => {
  it('asks for the password before checking a first address, as before a change, and sends nothing', async () => {
    const requests = serverThatHoldsTheSave();
    await renderInRouter(<AddressForm />);
    fireEvent.change(screen.getByLabelText('XRP deposit address'), { target: { value: ADDRESS } });
    fireEvent.change(screen.getByLabelText('Destination tag'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('check-address'));
    });
    const password = screen.getByLabelText('Your password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your password to save the address.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it.each([
    { change: false, button: 'Save it', path: '/api/withdraw/setAddress' },
    { change: true, button: 'Change it', path: '/api/withdraw/changeAddress' },
  ])(
    'turns "$button" off while its request is pending, so a double tap sends it once',
    async ({ change, button, path }) => {
      const requests = serverThatHoldsTheSave();
      await renderInRouter(<AddressForm change={change} onDone={() => undefined} />);
      fireEvent.change(screen.getByLabelText('XRP deposit address'), { target: { value: ADDRESS } });
      fireEvent.change(screen.getByLabelText('Destination tag'), { target: { value: '123456' } });
      fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret12' } });
      await act(async () => {
        fireEvent.click(screen.getByTestId('check-address'));
      });
      const confirm = await screen.findByRole('button', { name: button });
      expect((confirm as HTMLButtonElement).disabled).toBe(false);

      await act(async () => {
        fireEvent.click(confirm);
      });
      await vi.waitFor(() => expect(requests).toContain(path));
      await vi.waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(true));
      await act(async () => {
        fireEvent.click(confirm);
      });
      expect(requests.filter((sent) => sent === path)).toHaveLength(1);
    },
  );
});

import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { renderSVG } from 'uqr';
import { OPS_PASSWORD_MIN } from '#domain/ops/operators.ts';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { PasswordField } from '#app/components/field.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { setupStartQueryOptions, useOpsSetupFinish } from '../api/ops-queries.ts';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';
import { AuthenticatorCodeField, NarrowPage } from './console.tsx';

/** The link's secret part travels after '#': browsers never send it to a server or in a Referer. */
function tokenFromHash(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

/**
 * A one-time set-up link's page: the operator enrols the TOTP secret in an authenticator app (QR code
 * or text), chooses a password, and proves the app works with a code. The link then never works again.
 */
export function SetupPage() {
  const { t, i18n } = useLingui();
  useOpsTitle(t`Set up your operator account`);
  const [token] = useState(tokenFromHash);
  const setup = useQuery({ ...setupStartQueryOptions(token), enabled: token !== '' });
  const finish = useOpsSetupFinish();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');

  if (token === '' || setup.isError) {
    return (
      <NarrowPage title={<Trans>Set up your operator account</Trans>}>
        <ErrorAlert>
          {setup.isError ? (
            i18n._(opsMessageOf(setup.error))
          ) : (
            <Trans>This page needs the whole set-up link, as the admin sent it.</Trans>
          )}
        </ErrorAlert>
      </NarrowPage>
    );
  }
  if (!setup.data) return <div className="ops-narrow" aria-busy="true" />;

  if (finish.isSuccess) {
    return (
      <NarrowPage title={<Trans>Your operator account is ready</Trans>}>
        <p>
          <Trans>Sign in with your name, your password and a new code from your authenticator app.</Trans>
        </p>
        <Link to="/ops/sign-in" className="btn btn-primary">
          <Trans>Sign in</Trans>
        </Link>
      </NarrowPage>
    );
  }

  const { operator, secret, uri, expires_time } = setup.data;
  const qr = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(uri))}`;
  function submit(event: FormEvent) {
    event.preventDefault();
    finish.mutate({ token, password, confirm_password: confirm, code }, { onError: () => setCode('') });
  }
  const expires = formatDateTime(expires_time);
  const name = operator.name;
  const role = operator.role === 'admin' ? t`admin` : t({ message: 'support', context: 'operator role' });
  return (
    <NarrowPage title={<Trans>Set up your operator account</Trans>}>
      <p>
        <Trans>
          Operator <strong className="code">{name}</strong>, role {role}. This link works once, until{' '}
          {expires}.
        </Trans>
      </p>
      <section className="card ops-setup-step">
        <h2>
          <Trans>1. Add Earnest to your authenticator app</Trans>
        </h2>
        <p>
          <Trans>
            Scan this code with any authenticator app (for example Aegis, FreeOTP or Google Authenticator).
          </Trans>
        </p>
        <img
          className="ops-qr"
          src={qr}
          alt={t`QR code of the authenticator set-up`}
          width={200}
          height={200}
        />
        <p>
          <Trans>Or type this key into the app:</Trans>
        </p>
        <p className="code ops-secret" data-testid="totp-secret">
          {secret.match(/.{1,4}/g)?.join(' ')}
        </p>
        <details>
          <summary>
            <Trans>Show the whole set-up address</Trans>
          </summary>
          <p className="code ops-uri">{uri}</p>
        </details>
      </section>
      <form className="card ops-form" onSubmit={submit}>
        <h2>
          <Trans>2. Choose a password and confirm with a code</Trans>
        </h2>
        {finish.isError ? <ErrorAlert>{i18n._(opsMessageOf(finish.error))}</ErrorAlert> : null}
        <PasswordField
          label={<Trans>Password</Trans>}
          hint={<Trans>At least {OPS_PASSWORD_MIN} characters.</Trans>}
          kind="new"
          value={password}
          onValue={setPassword}
          minLength={OPS_PASSWORD_MIN}
          required
        />
        <PasswordField
          label={<Trans>Password again</Trans>}
          kind="new"
          value={confirm}
          onValue={setConfirm}
          required
        />
        <AuthenticatorCodeField value={code} onValue={setCode} />
        <Button type="submit" block disabled={finish.isPending}>
          <Trans>Finish set-up</Trans>
        </Button>
      </form>
    </NarrowPage>
  );
}

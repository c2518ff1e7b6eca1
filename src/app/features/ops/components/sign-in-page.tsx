import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Field, PasswordField } from '#app/components/field.tsx';
import { LiveRegion } from '#app/components/live-region.tsx';
import { useOpsSignIn } from '../api/ops-queries.ts';
import { opsSession } from '../api/ops-session.ts';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';
import { AuthenticatorCodeField, NarrowPage } from './console.tsx';

/** Signing in to the console: name, password and the code the authenticator app shows now. */
export function SignInPage() {
  const { t, i18n } = useLingui();
  useOpsTitle(t`Sign in`);
  const signIn = useOpsSignIn();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const ended = opsSession.endedBecause();

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate(
      { name, password, code },
      {
        onSuccess: () => void navigate({ to: '/ops' }),
        // A code is good once: the field empties so the next try waits for a new one.
        onError: () => setCode(''),
      },
    );
  }

  return (
    <NarrowPage title={<Trans>Sign in to the console</Trans>}>
      <LiveRegion>
        {ended === 'expired' && !signIn.isError ? (
          <div className="alert alert-info">
            <Trans>Your console session has ended; please sign in again</Trans>
          </div>
        ) : null}
      </LiveRegion>
      {signIn.isError ? <ErrorAlert>{i18n._(opsMessageOf(signIn.error))}</ErrorAlert> : null}
      <form className="ops-form card" onSubmit={submit}>
        <Field
          label={<Trans>Operator name</Trans>}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
        <PasswordField
          label={<Trans>Password</Trans>}
          kind="current"
          value={password}
          onValue={setPassword}
          required
        />
        <AuthenticatorCodeField
          value={code}
          onValue={setCode}
          hint={<Trans>6 digits. Each code works once.</Trans>}
        />
        <Button type="submit" block disabled={signIn.isPending}>
          <Trans>Sign in</Trans>
        </Button>
      </form>
      <p className="muted">
        <Trans>
          The console is for Earnest&apos;s operators only. An operator account is made by an admin on the
          server, with a one-time set-up link.
        </Trans>
      </p>
    </NarrowPage>
  );
}

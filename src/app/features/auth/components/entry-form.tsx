import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CheckInData } from '#contract/auth.ts';
import { LockDetailSchema } from '#contract/auth.ts';
import { validateCheckIn, type CheckInTab } from '#domain/auth/credentials.ts';
import { BotChallenge } from '#app/components/lazy-bot-challenge.tsx';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Field, PasswordField } from '#app/components/field.tsx';
import { Form } from '#app/components/form.tsx';
import { ERROR_MESSAGES } from '#app/lib/error-messages.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { ApiError, type AppErrorCode } from '#app/lib/http.ts';
import { loading } from '#app/lib/loading-store.ts';
import { log } from '#app/lib/log.ts';
import { useCheckIn } from '../api/auth-queries.ts';
import { Isolate } from '#app/components/isolate.tsx';

interface EntryFormProps {
  tab: CheckInTab;
  onTabChange: (tab: CheckInTab) => void;
  inviteCode?: string | undefined;
  onSignedIn: (data: CheckInData, tab: CheckInTab) => void;
  /** The bot challenge, when the operator configured one. */
  challenge?: { site_key: string; script_url: string } | null | undefined;
}

type FieldName = 'account' | 'password' | 'confirm' | 'invite';

/** The field an error is about; an error of no field goes to the form's banner. */
function fieldOf(code: AppErrorCode, empty: Record<FieldName, boolean>): FieldName | null {
  switch (code) {
    case 'auth.fields_required':
      return (['account', 'password', 'confirm'] as const).find((name) => empty[name]) ?? null;
    case 'auth.email_invalid':
    case 'auth.username_invalid':
    case 'auth.account_taken':
      return 'account';
    case 'auth.password_too_short':
    case 'auth.password_too_long':
      return 'password';
    case 'auth.password_mismatch':
      return 'confirm';
    case 'invite.code_invalid':
      return 'invite';
    default:
      return null;
  }
}

interface ShownError {
  code: AppErrorCode;
  until: number | null;
  /** Accountable enforcement (docs/product-rules.md#accountable-enforcement): why and since when an account is locked or banned, as recorded. */
  lock?: { reason: string; since: number } | undefined;
}

/** Sign in and registration on one card, toggled in place. */
export function EntryForm({
  tab,
  onTabChange,
  inviteCode = '',
  onSignedIn,
  challenge = null,
}: EntryFormProps) {
  const { t, i18n } = useLingui();
  const checkIn = useCheckIn();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invite, setInvite] = useState(inviteCode);
  const [error, setError] = useState<ShownError | null>(null);
  const [botToken, setBotToken] = useState<string | null>(null);
  const registering = tab === 'register';
  const empty = {
    account: account.trim() === '',
    password: password === '',
    confirm: confirm === '',
    invite: false,
  };
  const errorField = error ? fieldOf(error.code, empty) : null;
  const fieldError = (name: FieldName) =>
    error && errorField === name ? (
      error.code === 'auth.account_taken' ? (
        <Trans>
          This name is taken —{' '}
          <button type="button" className="link" onClick={() => switchTo('login')}>
            sign in instead?
          </button>
        </Trans>
      ) : (
        i18n._(ERROR_MESSAGES[error.code])
      )
    ) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { tab, account, password, confirmPassword: confirm, inviteCode: invite };
    const valid = validateCheckIn(input);
    if (!valid.ok) {
      setError({ code: valid.error, until: null });
      return;
    }
    setError(null);
    const body = {
      tab,
      username: account,
      password,
      ...(registering ? { confirm_password: confirm, invite_code: invite } : {}),
    };
    try {
      const data = await loading.during(checkIn.mutateAsync({ body, botToken }), {
        text: registering ? t`Registering...` : t`Logging in...`,
      });
      onSignedIn(data, tab);
    } catch (caught) {
      if (!(caught instanceof ApiError)) log.error('check-in failed unexpectedly', caught);
      const code = caught instanceof ApiError ? caught.code : 'server.error';
      const lock = caught instanceof ApiError ? LockDetailSchema.safeParse(caught.detail) : null;
      setError({
        code,
        until: lock?.success ? lock.data.until_time : null,
        lock: lock?.success ? { reason: lock.data.reason, since: lock.data.locked_time } : undefined,
      });
    }
  }

  function switchTo(next: CheckInTab) {
    setError(null);
    onTabChange(next);
  }

  return (
    <Form className="entry-form" onSubmit={submit}>
      <div className="segmented" role="group" aria-label={t`Sign in or register`}>
        <button type="button" aria-pressed={!registering} onClick={() => switchTo('login')}>
          <Trans>Sign in</Trans>
        </button>
        <button type="button" aria-pressed={registering} onClick={() => switchTo('register')}>
          <Trans>Register</Trans>
        </button>
      </div>

      <Field
        label={<Trans>Username or e-mail</Trans>}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        dir="auto"
        error={fieldError('account')}
      />
      <PasswordField
        kind={registering ? 'new' : 'current'}
        label={<Trans>Password</Trans>}
        name="password"
        value={password}
        onValue={setPassword}
        hint={registering ? <Trans>At least 6 characters.</Trans> : undefined}
        error={fieldError('password')}
      />
      {registering ? (
        <>
          <PasswordField
            kind="new"
            label={<Trans>Confirm password</Trans>}
            name="confirm_password"
            value={confirm}
            onValue={setConfirm}
            error={fieldError('confirm')}
          />
          <Field
            label={<Trans>Invitation code (optional)</Trans>}
            name="invite_code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={invite}
            onChange={(e) => setInvite(e.target.value)}
            dir="ltr"
            error={fieldError('invite')}
          />
        </>
      ) : null}

      {error && errorField === null ? (
        <ErrorAlert>
          <p>{i18n._(ERROR_MESSAGES[error.code])}</p>
          {error.lock && error.code === 'auth.account_locked' ? <LockReason {...error.lock} /> : null}
          {error.until ? <LockedUntil until={error.until} /> : null}
        </ErrorAlert>
      ) : null}

      {challenge ? (
        <BotChallenge siteKey={challenge.site_key} scriptUrl={challenge.script_url} onToken={setBotToken} />
      ) : null}
      <Button
        type="submit"
        data-testid="entry-submit"
        block
        disabled={checkIn.isPending || (challenge !== null && botToken === null)}
      >
        {registering ? <Trans>Register</Trans> : <Trans>Sign in</Trans>}
      </Button>

      <p className="entry-switch">
        {registering ? (
          <Trans>
            Already have an account?{' '}
            <button type="button" className="link" onClick={() => switchTo('login')}>
              Sign in
            </button>
          </Trans>
        ) : (
          <Trans>
            No account yet?{' '}
            <button type="button" className="link" onClick={() => switchTo('register')}>
              Register
            </button>
          </Trans>
        )}
      </p>
      <p className="entry-switch">
        <Link to="/link-device" className="text-link" data-testid="link-device">
          <Trans>Sign in with another device</Trans>
        </Link>
      </p>
    </Form>
  );
}

/** The recorded reason, in the user's language when it is one of Earnest's own, as written otherwise. */
function LockReason({ reason, since }: { reason: string; since: number }) {
  const time = <Isolate dir="auto">{formatDateTime(since)}</Isolate>;
  const text = reason === 'too_many_failed_logins' ? null : reason;
  return (
    <p className="alert-detail" data-testid="lock-reason">
      {text === null ? (
        <Trans>Reason: too many failed sign-ins. Since {time}.</Trans>
      ) : (
        <Trans>
          Reason: <bdi>{text}</bdi>. Since {time}.
        </Trans>
      )}
    </p>
  );
}

function LockedUntil({ until }: { until: number }) {
  const time = <Isolate dir="auto">{formatDateTime(until)}</Isolate>;
  return (
    <p className="alert-detail">
      <Trans>Locked until {time}.</Trans>
    </p>
  );
}

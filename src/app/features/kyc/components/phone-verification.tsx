import { useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { KycStatus } from '#contract/kyc.ts';
import { normalisePhone } from '#domain/kyc/phone.ts';
import { parseAmount } from '#domain/money/amount.ts';
import { BotChallenge } from '#app/components/lazy-bot-challenge.tsx';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Form } from '#app/components/form.tsx';
import { Field, OneTimeCodeField } from '#app/components/field.tsx';
import { ERROR_MESSAGES, messageOf } from '#app/lib/error-messages.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { useSendCode, useVerifyCode } from '../api/kyc-queries.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { xrpText } from '#app/lib/bidi.ts';

/**
 * Phone verification: number → SMS code → verified, with the one-time bonus. The screen
 * says plainly that Earnest never asks anyone to type a code anywhere else (docs/product-rules.md#phone-verification).
 */
export function PhoneVerification({
  status,
  challenge = null,
}: {
  status: KycStatus;
  challenge?: { site_key: string; script_url: string } | null | undefined;
}) {
  const { t, i18n } = useLingui();
  const send = useSendCode();
  const verify = useVerifyCode();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  // Which form's field the error is about: the number's or the code's.
  const [error, setError] = useState<{ field: 'phone' | 'code'; text: string } | null>(null);
  const [botToken, setBotToken] = useState<string | null>(null);
  const bonus = <XrpAmount amount={status.bonus_amount} />;
  const offered = (parseAmount(status.bonus_amount) ?? 0n) > 0n;
  const credited = <XrpAmount amount={status.credited_amount ?? status.bonus_amount} />;
  const number = <Isolate>{status.phone ?? ''}</Isolate>;

  async function onSend(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!normalisePhone(phone)) {
      setError({ field: 'phone', text: i18n._(ERROR_MESSAGES['kyc.phone_invalid']) });
      return;
    }
    try {
      await send.mutateAsync({ phone, botToken });
      toasts.push('success', t`Code sent. Check your messages.`);
    } catch (caught) {
      setError({ field: 'phone', text: i18n._(messageOf(caught)) });
    }
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const result = await verify.mutateAsync(code);
      const credited = xrpText(result.bonus, '+');
      toasts.push('success', result.bonus === '0' ? t`Phone verified` : t`Phone verified: ${credited}`);
    } catch (caught) {
      setError({ field: 'code', text: i18n._(messageOf(caught)) });
    }
  }

  return (
    <>
      <Card className="alert alert-info" data-testid="code-warning">
        <p>
          <Trans>
            <strong>Earnest never asks you to type this code anywhere else.</strong> Not into WhatsApp, not
            into another app, not to someone who calls or writes to you. Anyone who asks for it is trying to
            take over an account.
          </Trans>
        </p>
      </Card>
      {status.state === 'verified' ? (
        <Card data-testid="kyc-verified">
          <p className="alert alert-success">
            <span>
              <Trans>Your phone {number} is verified.</Trans>
            </span>
          </p>
          {status.bonus_credited ? (
            <p>
              <Trans>The one-time bonus of {credited} was credited to your balance.</Trans>
            </p>
          ) : !offered ? null : (
            <p className="muted">
              <Trans>
                This number or this account already received the one-time bonus, so none was paid.
              </Trans>
            </p>
          )}
        </Card>
      ) : (
        <>
          <Card>
            <p>
              {offered ? (
                <Trans>
                  Verify a phone number once to receive a one-time bonus of {bonus}. One bonus per number and
                  per account. We send a 6-digit code by SMS; it is valid for 10 minutes and 5 tries.
                </Trans>
              ) : (
                <Trans>
                  Verify a phone number once. We send a 6-digit code by SMS; it is valid for 10 minutes and 5
                  tries.
                </Trans>
              )}
            </p>
            <p className="muted">
              <Trans>
                Earnest uses your number only to verify you, never for advertising. It goes to the SMS
                provider only to send the code.
              </Trans>
            </p>
            <Form onSubmit={(event) => void onSend(event)}>
              <Field
                label={<Trans>Phone number with country code</Trans>}
                type="tel"
                autoComplete="tel"
                dir="ltr"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                placeholder="+44 7400 123456"
                error={error?.field === 'phone' ? error.text : undefined}
              />
              {challenge ? (
                <BotChallenge
                  siteKey={challenge.site_key}
                  scriptUrl={challenge.script_url}
                  onToken={setBotToken}
                />
              ) : null}
              <Button
                type="submit"
                block
                variant={status.state === 'pending' ? 'secondary' : 'primary'}
                disabled={send.isPending || (challenge !== null && botToken === null)}
              >
                {status.state === 'none' ? <Trans>Send the code</Trans> : <Trans>Send a new code</Trans>}
              </Button>
            </Form>
          </Card>
          {status.state === 'pending' ? (
            <Card>
              <PendingNote status={status} />
              <Form onSubmit={(event) => void onVerify(event)}>
                <OneTimeCodeField
                  label={<Trans>6-digit code</Trans>}
                  dir="ltr"
                  maxLength={6}
                  value={code}
                  onValue={setCode}
                  error={error?.field === 'code' ? error.text : undefined}
                />
                <Button type="submit" block disabled={verify.isPending || code.length !== 6}>
                  <Trans>Verify</Trans>
                </Button>
              </Form>
            </Card>
          ) : null}
          {status.state === 'failed' ? (
            <Card className="alert alert-error" data-testid="kyc-failed">
              <p>
                <Trans>
                  The last code was entered wrongly 5 times and no longer works. Ask for a new one.
                </Trans>
              </p>
            </Card>
          ) : null}
        </>
      )}
      {error?.field === 'code' && status.state !== 'pending' ? <ErrorAlert>{error.text}</ErrorAlert> : null}
    </>
  );
}

/** Where the code went, until when it works, and how many tries it has left. */
export function PendingNote({ status }: { status: KycStatus }) {
  const phone = <Isolate>{status.phone ?? ''}</Isolate>;
  const until = status.expires_time ? (
    <Isolate dir="auto">{formatDateTime(status.expires_time)}</Isolate>
  ) : (
    ''
  );
  const tries = status.tries_left ?? 0;
  return (
    <p data-testid="kyc-pending">
      <Trans>
        A code was sent to {phone}. It is valid until {until};{' '}
        <Plural value={tries} one="# try left" other="# tries left" />.
      </Trans>
    </p>
  );
}

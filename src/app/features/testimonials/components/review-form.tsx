import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { TESTIMONIAL_MAX, TESTIMONIAL_MIN } from '#contract/testimonials.ts';
import { maskName } from '#domain/privacy/mask.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { myTestimonialQueryOptions, useSubmitTestimonial } from '../api/testimonials-queries.ts';

/**
 * Mine's review: write a few words about Earnest, to be published under the masked name only with the
 * box ticked and once an operator approved it (docs/transparency.md#testimonials).
 */
export function ReviewForm({ username }: { username: string }) {
  const { i18n } = useLingui();
  const mine = useQuery(myTestimonialQueryOptions());
  const submit = useSubmitTestimonial();
  const [text, setText] = useState('');
  const [consent, setConsent] = useState(false);
  const masked = <Isolate>{maskName(username)}</Isolate>;

  function send(event: FormEvent) {
    event.preventDefault();
    submit.mutate({ text, consent });
  }

  const current = mine.data;
  return (
    <Card className="review-form" data-testid="review-card">
      <h2>
        <Trans>Your review of Earnest</Trans>
      </h2>
      {current && current.status !== 'rejected' ? (
        <>
          <blockquote dir="auto">{current.text}</blockquote>
          <p className="muted" data-testid="review-status">
            {current.status === 'pending' ? (
              <Trans>Waiting for an operator to check it. It is not shown anywhere yet.</Trans>
            ) : (
              <Trans>Published on Landing and the reviews page under your masked name.</Trans>
            )}
          </p>
        </>
      ) : mine.isSuccess ? (
        <form onSubmit={send}>
          {current?.status === 'rejected' ? (
            <p className="muted">
              <Trans>Your last review was not published. You may write another.</Trans>
            </p>
          ) : null}
          <label htmlFor="review-text">
            <Trans>
              A few words about your experience ({TESTIMONIAL_MIN} to {TESTIMONIAL_MAX} characters)
            </Trans>
          </label>
          <textarea
            id="review-text"
            name="review"
            dir="auto"
            maxLength={TESTIMONIAL_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <label className="option">
            <input
              type="checkbox"
              name="consent"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <span>
              <Trans>Publish my review with my masked name ({masked}) once an operator has checked it.</Trans>
            </span>
          </label>
          {submit.isError ? <ErrorAlert>{i18n._(messageOf(submit.error))}</ErrorAlert> : null}
          <Button type="submit" variant="secondary" block disabled={submit.isPending}>
            <Trans>Send review</Trans>
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

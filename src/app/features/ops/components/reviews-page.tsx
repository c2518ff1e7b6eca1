import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OpsTestimonialDecisionResponseSchema,
  OpsTestimonialListResponseSchema,
  TESTIMONIAL_STATUSES,
  TESTIMONIALS_OPS_API,
  type OpsTestimonial,
  type TestimonialStatus,
} from '#contract/testimonials.ts';
import { can } from '#domain/ops/operators.ts';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { opsRequest } from '../api/ops-http.ts';
import { opsKeys } from '../api/ops-queries.ts';
import { useOpsSession } from '../api/ops-session.ts';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { ConsolePage, ConsoleTable, Labelled, LoadState } from './console.tsx';

const reviewsKey = (status: TestimonialStatus) => [...opsKeys.all, 'testimonials', status] as const;

/**
 * Reviews users submitted (docs/transparency.md#testimonials): support reads them, an admin approves
 * or rejects each one, and every decision is in the audit log.
 */
export function ReviewsPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState<TestimonialStatus>('pending');
  const session = useOpsSession();
  const mayDecide = session ? can(session.operator.role, 'testimonials.review') : false;
  const reviews = useQuery({
    queryKey: reviewsKey(status),
    queryFn: async () =>
      (await opsRequest(TESTIMONIALS_OPS_API.list, OpsTestimonialListResponseSchema, { query: { status } }))
        .list,
  });
  const labels: Record<TestimonialStatus, string> = {
    pending: t`Waiting`,
    approved: t`Approved`,
    rejected: t`Rejected`,
  };

  return (
    <ConsolePage
      title={t`Reviews`}
      intro={
        <Trans>
          Reviews users wrote and agreed to publish under their masked name. Only approved ones are shown on
          Landing and the reviews page; each decision is kept in the audit log.
        </Trans>
      }
    >
      <form className="ops-filters" aria-label={t`Filters`} onSubmit={(event) => event.preventDefault()}>
        <Labelled label={<Trans>State</Trans>}>
          <select value={status} onChange={(event) => setStatus(event.target.value as TestimonialStatus)}>
            {TESTIMONIAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {labels[value]}
              </option>
            ))}
          </select>
        </Labelled>
      </form>
      <LoadState query={reviews} />
      <ConsoleTable
        rows={reviews.data}
        empty={<Trans>No review in this state.</Trans>}
        rowKey={(review) => review.id}
        columns={[
          { head: <Trans>Written</Trans> },
          { head: <Trans>Shown as</Trans> },
          { head: <Trans>Review</Trans> },
          { head: <Trans>Decision</Trans> },
        ]}
        renderRow={(review) => <ReviewRow review={review} mayDecide={mayDecide} />}
      />
    </ConsolePage>
  );
}

function ReviewRow({ review, mayDecide }: { review: OpsTestimonial; mayDecide: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      opsRequest(
        approve ? TESTIMONIALS_OPS_API.approve : TESTIMONIALS_OPS_API.reject,
        OpsTestimonialDecisionResponseSchema,
        { method: 'POST', json: { id: review.id, reason } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...opsKeys.all, 'testimonials'] }),
  });
  return (
    <tr data-testid="ops-review">
      <td>{formatDateTime(review.time)}</td>
      <td>
        <span className="code">{review.name}</span>
      </td>
      <td className="ops-reason" dir="auto">
        {review.text}
      </td>
      <td>
        {review.status === 'pending' && mayDecide ? (
          <div className="ops-decision">
            <input
              aria-label={t`Reason (kept in the audit log)`}
              placeholder={t`Reason (kept in the audit log)`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <Button onClick={() => decide.mutate(true)} disabled={decide.isPending}>
              <Trans>Approve</Trans>
            </Button>
            <Button variant="secondary" onClick={() => decide.mutate(false)} disabled={decide.isPending}>
              <Trans>Reject</Trans>
            </Button>
            {decide.isError ? <ErrorAlert>{i18n._(opsMessageOf(decide.error))}</ErrorAlert> : null}
          </div>
        ) : review.decided_time ? (
          formatDateTime(review.decided_time)
        ) : (
          <span className="muted">
            <Trans>An admin decides.</Trans>
          </span>
        )}
      </td>
    </tr>
  );
}

import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Loaded } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { inviteListQueryOptions } from '#app/features/invite/api/invite-queries.ts';
import { InviteCodeCard } from '#app/features/invite/components/invite-code-card.tsx';
import { InviteList } from '#app/features/invite/components/invite-list.tsx';
import { InviteProgress } from '#app/features/invite/components/invite-progress.tsx';
import { InviteRules } from '#app/features/invite/components/invite-rules.tsx';

export const Route = createFileRoute('/home/invite')({
  staticData: { title: msg`Invite` },
  component: InvitePage,
});

function InvitePage() {
  const user = useQuery(userInfoQueryOptions());
  const invites = useQuery(inviteListQueryOptions());
  return (
    <>
      <PageHeader title={<Trans>Invite</Trans>} />
      {user.data ? <InviteCodeCard code={user.data.invite_code} /> : null}
      <Loaded query={invites}>
        {(invites) => (
          <>
            <InviteProgress invites={invites} balance={user.data?.balance} />
            <InviteList invites={invites.list} />
            <InviteRules invites={invites} />
          </>
        )}
      </Loaded>
    </>
  );
}

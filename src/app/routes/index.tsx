import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import type { CheckInData } from '#contract/auth.ts';
import type { CheckInTab } from '#domain/auth/credentials.ts';
import { SESSION_NOTICES } from '#contract/sync.ts';
import { isLocale } from '#domain/i18n/locales.ts';
import { useChangeLanguage } from '#app/features/account/components/language-picker.tsx';
import { useSaveLanguage } from '#app/features/account/api/account-queries.ts';
import { EntryForm } from '#app/features/auth/components/entry-form.tsx';
import { hasStoredLocale } from '#app/i18n/i18n.ts';
import { languageAtSignIn } from '#app/i18n/sign-in-language.ts';
import { ERROR_MESSAGES } from '#app/lib/error-messages.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { EntryHeader } from './-components/entry-header.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';

const SearchSchema = z.object({
  tab: z.catch(z.optional(z.enum(['login', 'register'])), undefined),
  invite: z.catch(z.optional(z.string().check(z.maxLength(32))), undefined),
  notice: z.catch(z.optional(z.enum(SESSION_NOTICES)), undefined),
});

export const Route = createFileRoute('/')({
  validateSearch: SearchSchema,
  staticData: { title: msg`Sign in` },
  beforeLoad: ({ context }) => {
    if (context.session.token()) throw redirect({ to: '/home' });
  },
  // Not awaited: the page shows at once; the bot challenge appears once the settings are in.
  loader: ({ context }) => void context.queryClient.prefetchQuery(publicSettingsQueryOptions()),
  component: EntryPage,
});

function EntryPage() {
  const search = Route.useSearch();
  const challenge = useBotChallengeSetting();
  const navigate = useNavigate({ from: '/' });
  const { t, i18n } = useLingui();
  const changeLanguage = useChangeLanguage();
  const saveLanguage = useSaveLanguage();
  // An invitation link opens registration with the code filled in.
  const tab: CheckInTab = search.tab ?? (search.invite ? 'register' : 'login');

  function signedIn(data: CheckInData, how: CheckInTab) {
    if (isLocale(i18n.locale)) {
      const language = languageAtSignIn({
        account: data.userInfo.language,
        shown: i18n.locale,
        chosenHere: hasStoredLocale(),
      });
      if (language.kind === 'adopt') void changeLanguage(language.locale);
      else if (language.kind === 'save') saveLanguage.mutate(language.locale);
    }
    toasts.push('success', how === 'register' ? t`Account created` : t`Signed in`, { forNextScreen: true });
    void navigate({ to: '/home' });
  }

  return (
    <main id="main" className="entry-page">
      <EntryHeader
        lead={<Trans>Every rule is shown before you start. Earnest never asks you for money.</Trans>}
      />
      {search.notice ? (
        <div className="alert alert-info" role="alert">
          {t(ERROR_MESSAGES[`auth.${search.notice}`])}
        </div>
      ) : null}
      <div className="card">
        <EntryForm
          tab={tab}
          inviteCode={search.invite}
          onTabChange={(next) =>
            void navigate({ search: (prev) => ({ ...prev, tab: next, notice: undefined }), replace: true })
          }
          onSignedIn={signedIn}
          challenge={challenge}
        />
      </div>
      <p className="entry-footer">
        <Link to="/landing" className="text-link">
          <Trans>New here? See how Earnest works</Trans>
        </Link>
      </p>
    </main>
  );
}

/**
 * The configured bot challenge, read from the query cache the loader fills. (useQuery would add
 * its observer code to the first screen for this one value.)
 */
function useBotChallengeSetting() {
  const queryClient = useQueryClient();
  const key = publicSettingsQueryOptions().queryKey;
  const challenge = () => queryClient.getQueryData(key)?.bot_challenge ?? null;
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    challenge,
    challenge,
  );
}

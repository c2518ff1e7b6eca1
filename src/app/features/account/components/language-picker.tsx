import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '#domain/i18n/locales.ts';
import { Dialog } from '#app/components/dialog.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { CheckIcon, GlobeIcon } from '#app/components/icons.tsx';
import { ListRow } from '#app/components/list.tsx';
import { activateLocale } from '#app/i18n/i18n.ts';
import { LOCALE_NAMES } from '#app/i18n/locale-names.ts';
import { useSignedIn } from '#app/lib/session.ts';
import { useSaveLanguage } from '../api/account-queries.ts';

/** Switches the interface language now, remembers it on the device, and on the account if signed in. */
export function useChangeLanguage() {
  const signedIn = useSignedIn();
  const save = useSaveLanguage();
  return async (locale: Locale) => {
    await activateLocale(locale, { remember: true });
    if (signedIn) save.mutate(locale);
  };
}

function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  const change = useChangeLanguage();
  // A language whose texts this device never downloaded cannot be switched to offline: say so,
  // rather than leave the sheet open as if the tap did nothing.
  const [failed, setFailed] = useState(false);
  const close = () => {
    setFailed(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={<Trans>Language</Trans>} variant="sheet">
      {failed ? (
        <ErrorAlert>
          <Trans>This language's texts are not on this device yet. Try again when you are back online.</Trans>
        </ErrorAlert>
      ) : null}
      <ul className="choice-list">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              className="choice"
              lang={locale}
              aria-pressed={i18n.locale === locale}
              onClick={() => {
                void change(locale).then(close, () => setFailed(true));
              }}
            >
              <span>{LOCALE_NAMES[locale]}</span>
              {i18n.locale === locale ? <CheckIcon /> : null}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** A compact language button for screens without a settings list (entry page, Landing). */
export function LanguageButton() {
  const [open, setOpen] = useState(false);
  const { i18n, t } = useLingui();
  const name = LOCALE_NAMES[i18n.locale as Locale] ?? i18n.locale;
  return (
    <>
      {/* One message, so that each language writes its own colon ("语言：简体中文"). */}
      <button type="button" className="chip" onClick={() => setOpen(true)} aria-label={t`Language: ${name}`}>
        <GlobeIcon width={18} height={18} />
        <span lang={i18n.locale}>{name}</span>
      </button>
      <LanguageSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The language row of Mine's settings list. */
export function LanguageRow() {
  const [open, setOpen] = useState(false);
  const { i18n } = useLingui();
  return (
    <>
      <ListRow
        icon={<GlobeIcon />}
        label={<Trans>Language</Trans>}
        value={<span lang={i18n.locale}>{LOCALE_NAMES[i18n.locale as Locale] ?? i18n.locale}</span>}
        onClick={() => setOpen(true)}
      />
      <LanguageSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

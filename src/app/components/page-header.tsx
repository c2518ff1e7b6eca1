import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { BackIcon } from './icons.tsx';

/** The screen's heading, with a back button on screens outside the tab bar. */
export function PageHeader({
  title,
  back = false,
  end,
}: {
  title: ReactNode;
  back?: boolean;
  end?: ReactNode;
}) {
  const router = useRouter();
  const { t } = useLingui();
  return (
    <header className="page-header">
      {back ? (
        <button
          type="button"
          className="icon-btn"
          aria-label={t`Back`}
          onClick={() =>
            window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/home' })
          }
        >
          <BackIcon />
        </button>
      ) : null}
      {/* Focused when the screen opens (routes/__root.tsx), never by Tab. */}
      <h1 tabIndex={-1}>{title}</h1>
      {end ? <div className="page-header-end">{end}</div> : null}
    </header>
  );
}

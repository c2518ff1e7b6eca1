import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { OpsPermission } from '#domain/ops/operators.ts';

interface NavItem {
  to:
    | '/ops'
    | '/ops/audit'
    | '/ops/withdrawals'
    | '/ops/users'
    | '/ops/tasks'
    | '/ops/settings'
    | '/ops/reviews'
    | '/ops/usage';
  label: MessageDescriptor;
  /** Shown only to roles that may do this (everyone may read). */
  permission?: OpsPermission;
}

/** The console's pages, in the order the menu shows them: add a page here when you add its route. */
export const OPS_NAV: NavItem[] = [
  { to: '/ops', label: msg`Dashboard` },
  { to: '/ops/withdrawals', label: msg`Withdrawals` },
  { to: '/ops/users', label: msg`Users` },
  { to: '/ops/tasks', label: msg`Tasks` },
  { to: '/ops/settings', label: msg`Settings` },
  { to: '/ops/audit', label: msg`Audit log` },
  { to: '/ops/reviews', label: msg`Reviews` },
  { to: '/ops/usage', label: msg`Usage` },
];

/** The console's menu: a row of links, scrolling sideways on a narrow screen. */
export function OpsNav() {
  const { i18n, t } = useLingui();
  return (
    <nav className="ops-nav" aria-label={t`Console`}>
      <ul>
        {OPS_NAV.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              activeOptions={{ exact: item.to === '/ops' }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {i18n._(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

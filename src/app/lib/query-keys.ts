import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query key, by feature, in one place: features are isolated from each other, yet an action
 * of one (a task credited) changes what another shows (the balance on Mine, the interest offer, the
 * withdrawal rules), so what to read again is named here instead of invalidating everything. The
 * first element of a key is also what the persisted cache goes by (lib/query-persistence.ts).
 */
export const queryKeys = {
  account: {
    all: ['account'] as const,
    userInfo: () => ['account', 'userInfo'] as const,
    invites: () => ['account', 'invites'] as const,
    devices: () => ['account', 'devices'] as const,
    kyc: () => ['account', 'kyc'] as const,
  },
  tasks: {
    all: ['tasks'] as const,
    list: (locale: string) => ['tasks', 'list', locale] as const,
    history: () => ['tasks', 'history'] as const,
  },
  rewards: {
    all: ['rewards'] as const,
    daily: () => ['rewards', 'daily'] as const,
  },
  settings: {
    public: () => ['settings', 'public'] as const,
  },
  withdraw: {
    all: ['withdraw'] as const,
    address: () => ['withdraw', 'address'] as const,
    rules: () => ['withdraw', 'rules'] as const,
    status: () => ['withdraw', 'status'] as const,
    logs: () => ['withdraw', 'logs'] as const,
    ad: () => ['withdraw', 'ad'] as const,
    whitelist: () => ['exchanges'] as const,
    recent: () => ['recent-withdrawals'] as const,
  },
  push: {
    settings: () => ['push', 'settings'] as const,
  },
  rates: {
    xrp: () => ['rates', 'xrp'] as const,
  },
};

/**
 * What a change of balance shows in: the figures on Mine, the day's tasks, the interest offer, the
 * withdrawal rules and status. Public settings, exchanges, devices and push settings stay as they are.
 */
const MONEY = [
  queryKeys.account.userInfo(),
  queryKeys.tasks.all,
  queryKeys.rewards.all,
  queryKeys.withdraw.all,
] as const;

/** Reads again what a credit or a debit changed. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all(MONEY.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

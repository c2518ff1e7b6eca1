/** Every API path, in one style (docs/product-rules.md#api-conventions). */
export const API = {
  checkIn: '/api/user/checkIn',
  logout: '/api/user/logout',
  userInfo: '/api/account/userInfo',
  setLanguage: '/api/account/setLanguage',
  welcomed: '/api/account/welcomed',
  inviteList: '/api/account/inviteList',
  changePassword: '/api/account/changePassword',
  deleteAccount: '/api/account/delete',
  customSettings: '/api/other/getCustomSettings',
  serverTime: '/api/other/serverTime',
  xrpRate: '/api/other/xrpRate',
  dailyReward: '/api/account/dailyReward',
  claimInterest: '/api/withdraw/claimInterest',
  newUserReward: '/api/user/newUserReward',
  taskList: '/api/task/list',
  taskAccept: '/api/task/accept',
  taskStart: '/api/task/start',
  taskComplete: '/api/task/complete',
  taskFail: '/api/task/fail',
  taskHistory: '/api/task/history',
  saveFcmToken: '/api/other/saveFcmToken',
  pushSettings: '/api/push/settings',
  pushTest: '/api/push/test',
  pushAck: '/api/push/ack',
  getAddress: '/api/withdraw/getAddress',
  setAddress: '/api/withdraw/setAddress',
  checkAddress: '/api/withdraw/checkAddress',
  changeAddress: '/api/withdraw/changeAddress',
  exchangeWhitelist: '/api/other/getExchangeWhitelist',
  withdrawRules: '/api/withdraw/rules',
  setWithdrawStatus: '/api/user/setWithdrawStatus',
  getWithdrawStatus: '/api/user/getWithdrawStatus',
  withdrawLogs: '/api/withdraw/getWithdrawLogs',
  recentWithdrawals: '/api/other/recentWithdrawals',
  adStart: '/api/ad/start',
  adComplete: '/api/ad/complete',
  adStatus: '/api/ad/status',
  pairingStart: '/api/device/pairing',
  pairingState: '/api/device/pairing/state',
  linkPreview: '/api/device/link/preview',
  linkApprove: '/api/device/link/approve',
  devices: '/api/account/devices',
  revokeDevice: '/api/account/devices/revoke',
  revokeOtherDevices: '/api/account/devices/revokeOthers',
  kycStatus: '/api/kyc/status',
  kycSendCode: '/api/kyc/sendCode',
  kycVerify: '/api/kyc/verify',
  history: '/api/account/history',
  historyCsv: '/api/account/history.csv',
  docs: '/api/docs',
} as const;

/** The header every money-moving POST carries (docs/product-rules.md#exactly-once). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * A request's id: the app makes one per request and the server echoes it (making one when a request
 * has none or an unusable one), so a user's report and the server's log lines meet on one id.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a request id may look like: short, no spaces or control characters (it lands in logs). */
export const REQUEST_ID_PATTERN = /^[\w.:-]{8,64}$/;

/** The header that carries the session token. */
export const TOKEN_HEADER = 'ba-user-token';

/** The header that carries the bot challenge's token (Cloudflare Turnstile), when one is configured. */
export const BOT_TOKEN_HEADER = 'cf-turnstile-response';

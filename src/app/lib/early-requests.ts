import { API } from '#contract/paths.ts';

/**
 * Home's first-screen reads, sent by the prerendered page's loader (src/app/boot-script.ts) at the
 * same time as it asks for the app's code, when a session is on the device: without them the app
 * would ask only once its code has arrived and run, one more round trip before Home can show its
 * figures (docs/performance.md). The task list is per language; the loader adds the language.
 */
export const EARLY_READS: readonly string[] = [
  API.userInfo,
  API.customSettings,
  API.dailyReward,
  API.taskHistory,
  API.kycStatus,
  API.getWithdrawStatus,
];
export const EARLY_TASK_LIST = `${API.taskList}?locale=`;

/** Where the loader leaves its answers for the app: the session they were asked with, and each read. */
export const EARLY_REQUESTS = 'earnestEarlyRequests';

export interface EarlyRequests {
  token: string;
  /** When they were sent (Date.now()). */
  at: number;
  answers: Record<string, Promise<Response> | undefined>;
}

// The app's first render asks within seconds; an answer older than this is no longer "now".
const MAX_AGE_MS = 30_000;

function earlyRequests(): EarlyRequests | undefined {
  return (globalThis as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS];
}

/**
 * Drops the answers not taken yet: called when the app sends its first change, after which an answer
 * read before it could show the state before the change.
 */
export function forgetEarlyAnswers() {
  const early = earlyRequests();
  if (early) early.answers = {};
}

/**
 * The loader's answer to a read the app is about to send, taken at most once, only while fresh, and
 * only if it was asked with the session the app holds now: a device signed out or switched to
 * another account in between never reads an answer meant for the account before.
 */
export function takeEarlyAnswer(pathAndQuery: string, token: string | null): Promise<Response> | null {
  const early = earlyRequests();
  if (!early || token === null || early.token !== token || Date.now() - early.at > MAX_AGE_MS) return null;
  const answer = early.answers[pathAndQuery];
  if (!answer) return null;
  delete early.answers[pathAndQuery];
  return answer;
}

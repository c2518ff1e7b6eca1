import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';

interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Tokens live 300 s; a fresh one is asked for a little before (renewed 295,000 ms after a success). */
const RESET_AFTER_MS = 295_000;

let loading: Promise<TurnstileApi> | null = null;

/** Loads the challenge script once for the whole visit. */
function loadScript(src: string): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('no turnstile')));
    script.onerror = () => {
      loading = null;
      reject(new Error('script failed'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

type Problem = 'load' | 'error' | 'unsupported' | 'expired' | null;

/**
 * Cloudflare Turnstile, when the operator configured it: rendered on mount, its token handed up,
 * reset before it expires; load failures, errors, expiry and unsupported browsers said in words.
 */
export function BotChallenge({
  siteKey,
  scriptUrl,
  onToken,
}: {
  siteKey: string;
  scriptUrl: string;
  onToken: (token: string | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const emit = useEffectEvent(onToken);
  const report = useEffectEvent((next: Problem) => {
    setProblem(next);
    if (next) emit(null);
  });

  useEffect(() => {
    let widget: string | null = null;
    let api: TurnstileApi | null = null;
    let resetTimer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    loadScript(scriptUrl).then(
      (loaded) => {
        if (cancelled || !box.current) return;
        api = loaded;
        widget = loaded.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => {
            report(null);
            emit(token);
            clearTimeout(resetTimer);
            resetTimer = setTimeout(() => widget && api?.reset(widget), RESET_AFTER_MS);
          },
          'expired-callback': () => report('expired'),
          'error-callback': () => report('error'),
          'unsupported-callback': () => report('unsupported'),
        });
      },
      () => report('load'),
    );
    return () => {
      cancelled = true;
      clearTimeout(resetTimer);
      if (widget) api?.remove(widget);
    };
  }, [siteKey, scriptUrl]);

  return (
    <div className="bot-challenge">
      <div ref={box} />
      {problem ? (
        <p className="field-hint" role="alert">
          {problem === 'load' ? (
            <Trans>Failed to load the bot challenge script.</Trans>
          ) : problem === 'unsupported' ? (
            <Trans>Check browser settings and retry</Trans>
          ) : problem === 'expired' ? (
            <Trans>The check expired; it is being done again.</Trans>
          ) : (
            <Trans>Verification error, please try again</Trans>
          )}
        </p>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { xrpText } from '#app/lib/bidi.ts';
import { celebrate } from '#app/lib/celebrate-store.ts';
import { messageOf } from '#app/lib/error-messages.ts';
import { isQueued } from '#app/lib/http.ts';
import { loading } from '#app/lib/loading-store.ts';
import { toasts } from '#app/lib/toast-store.ts';

/**
 * A reward's claim as the cards make it: behind the loading overlay, then a toast saying what was
 * credited and a celebration; a claim queued offline is a note, any other failure stands on the card.
 */
export function useClaim() {
  const { t, i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);

  async function claim(run: () => Promise<{ amount: string }>, claimed: (credited: string) => string) {
    setError(null);
    try {
      const result = await loading.during(run(), { text: t`Claiming...` });
      toasts.push('success', claimed(xrpText(result.amount, '+')));
      celebrate();
    } catch (caught) {
      if (isQueued(caught)) {
        toasts.push('info', i18n._(messageOf(caught)));
        return;
      }
      setError(i18n._(messageOf(caught)));
    }
  }

  return { error, claim };
}

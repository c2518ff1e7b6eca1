import { lazy, Suspense, type ComponentProps } from 'react';

// Only servers with a bot challenge need its code: it loads when one is configured.
const Challenge = lazy(async () => ({ default: (await import('./bot-challenge.tsx')).BotChallenge }));

/** The bot challenge (bot-challenge.tsx), loaded on first use. */
export function BotChallenge(props: ComponentProps<typeof Challenge>) {
  return (
    <Suspense fallback={null}>
      <Challenge {...props} />
    </Suspense>
  );
}

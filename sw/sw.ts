/// <reference lib="webworker" />
import { replayOnSync } from './background-sync.ts';
import { cacheLocales } from './locales.ts';
import { routeNavigations } from './navigation.ts';
import { answerPageMessages } from './page-messages.ts';
import { precacheAppShell } from './precache.ts';
import { handlePush } from './push.ts';
import { captureQueueableRequests } from './queue-capture.ts';

// Wiring only; each concern lives in its own module. API responses are never cached here.
// The queue's fetch listener comes first, so it sees its POSTs before any Workbox route.
captureQueueableRequests();
precacheAppShell();
routeNavigations();
cacheLocales();
replayOnSync();
answerPageMessages();
handlePush();

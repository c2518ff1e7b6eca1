import { describe, expect, it } from 'vitest';
import { fcmMessage, fcmMessaging, PushBusy } from './fcm-messaging.ts';
import { payloadOf } from './push-payload.ts';

const payload = payloadOf({
  kind: 'withdrawal_success',
  title: 'Earnest',
  body: '',
  image: null,
  icon: '/logo.png',
  link: '/withdraw/status',
  messageId: 'withdrawal-7-success',
  ack: null,
});

describe('Firebase Cloud Messaging', () => {
  it('sends the same payload as Web Push, the link in its data', () => {
    expect(fcmMessage('tok', payload)).toEqual({
      token: 'tok',
      notification: { title: 'Earnest', body: '' },
      data: {
        link: '/withdraw/status',
        icon: '/logo.png',
        kind: 'withdrawal_success',
        messageId: 'withdrawal-7-success',
      },
    });
  });

  it('reports unregistered tokens as gone, "not now" as busy (tried again), and passes other failures on', async () => {
    const answering = (error: unknown) =>
      fcmMessaging({
        send: () => (error ? Promise.reject(error as Error) : Promise.resolve('projects/p/messages/1')),
      });
    await expect(answering(null).send('tok', payload)).resolves.toBe('sent');
    await expect(
      answering({ code: 'messaging/registration-token-not-registered' }).send('tok', payload),
    ).resolves.toBe('gone');
    await expect(
      answering({ code: 'messaging/invalid-registration-token' }).send('tok', payload),
    ).resolves.toBe('gone');
    await expect(
      answering({ code: 'messaging/server-unavailable' }).send('tok', payload),
    ).rejects.toBeInstanceOf(PushBusy);
    await expect(
      answering({ code: 'messaging/message-rate-exceeded' }).send('tok', payload),
    ).rejects.toMatchObject({ statusCode: 429 });
    await expect(
      answering({ code: 'messaging/invalid-argument' }).send('tok', payload),
    ).rejects.toMatchObject({
      code: 'messaging/invalid-argument',
    });
  });
});

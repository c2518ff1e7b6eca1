import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { xrp } from '#domain/money/amount.ts';
import { phoneBonuses, phoneCodes, users } from '#server/db/schema.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { envelope, getAs, useTestAppWithSms } from '#tests/helpers/app.ts';
import { post, seedUser, seedUsers } from '#tests/helpers/money-fixtures.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';

const { sms, clock, handle } = useTestAppWithSms({ SMS_PROVIDER_TOKEN: 'secret' });

const send = (token: string, phone: string, ip = '10.0.0.1') =>
  handle.app.inject({
    method: 'POST',
    url: '/api/kyc/sendCode',
    headers: { [TOKEN_HEADER]: token },
    payload: { phone },
    remoteAddress: ip,
  });
let keys = 0;
const verify = (token: string, code: string) =>
  post(handle.app, '/api/kyc/verify', token, { code }, `verify-${(keys += 1)}`);
const status = async (token: string) => envelope(await getAs(handle.app, '/api/kyc/status', token)).data;

describe('phone verification', () => {
  it('refuses an invalid number with the catalogue message', async () => {
    const user = await seedUser(handle.database.db, 'kyc');
    const body = envelope(await send(user.token, '12345'));
    expect(body.data.error).toBe('kyc.phone_invalid');
    expect(body.msg).toBe('Please enter a valid phone number.');
  });

  it('sends no code to a number an SMS cannot reach, or that bills its operator per message', async () => {
    const user = await seedUser(handle.database.db, 'kyc-unreachable');
    const before = sms.value.messages.length;
    for (const phone of [
      '+449098790000', // UK premium rate
      '+19005551234', // US premium rate
      '+881631234567', // a satellite network, no country
      '+18005550100', // toll-free
      '+442071838750', // a London landline
    ]) {
      expect(envelope(await send(user.token, phone)).data.error, phone).toBe('kyc.phone_not_mobile');
    }
    expect(sms.value.messages).toHaveLength(before);
    // Mobile numbers, and North American numbers that may be either, are sent to.
    expect(envelope(await send(user.token, '+12025550143')).code).toBe(1);
  });

  it('forgets a code, with the number and the address it was sent for, a day after it was sent', async () => {
    const [first, second] = await seedUsers(handle.database.db, 2, 'kyc-forgotten');
    if (!first || !second) throw new Error('no users');
    expect(envelope(await send(first.token, '+447911124777', '10.0.0.77')).code).toBe(1);
    const codesOf = (userId: number) =>
      handle.database.db.select().from(phoneCodes).where(eq(phoneCodes.userId, userId));
    const sentAgo = (hours: number) =>
      handle.database.db
        .update(phoneCodes)
        .set({ createdAt: new Date(clock.now().getTime() - hours * 3_600_000) })
        .where(eq(phoneCodes.userId, first.id));
    await sentAgo(23);
    expect(envelope(await send(second.token, '+447911124778', '10.0.0.78')).code).toBe(1);
    expect(await codesOf(first.id)).toHaveLength(1);
    await sentAgo(25);
    clock.advance(61_000);
    expect(envelope(await send(second.token, '+447911124778', '10.0.0.78')).code).toBe(1);
    expect(await codesOf(first.id)).toEqual([]);
    expect(await status(first.token)).toMatchObject({ state: 'none', phone: null });
  });

  it("words the SMS in the account's language, else in the one the request came in", async () => {
    const [chose, guessed] = await seedUsers(handle.database.db, 2, 'kyc-language');
    if (!chose || !guessed) throw new Error('no users');
    await handle.database.db.update(users).set({ language: 'ru' }).where(eq(users.id, chose.id));
    const sendIn = (token: string, phone: string, language: string) =>
      handle.app.inject({
        method: 'POST',
        url: '/api/kyc/sendCode',
        headers: { [TOKEN_HEADER]: token, 'accept-language': language },
        payload: { phone },
        remoteAddress: '10.0.0.91',
      });
    expect(envelope(await sendIn(chose.token, '+447911124881', 'ar')).code).toBe(1);
    const russian = sms.value.messages.at(-1)?.text ?? '';
    expect(russian).toMatch(/^Код Earnest: \d{6}\./);
    expect(russian.split('\n').at(-1)).toMatch(/^@earnest\.example #\d{6}$/);
    expect(envelope(await sendIn(guessed.token, '+447911124882', 'ar-EG,ar;q=0.9')).code).toBe(1);
    expect(sms.value.messages.at(-1)?.text).toMatch(/^رمز Earnest: \d{6}\./);
  });

  it('kills a code after 5 wrong tries; the right code verifies and pays the bonus once per number and account', async () => {
    const [first, second] = await seedUsers(handle.database.db, 2, 'kyc');
    if (!first || !second) throw new Error('no users');
    const phone = '+447911123456';
    expect(envelope(await send(first.token, '+44 7911 123456')).code).toBe(1);
    const message = sms.value.messages.at(-1);
    expect(message).toMatchObject({ to: phone, authorization: 'Bearer secret' });
    expect(message?.text.split('\n').at(-1)).toMatch(/^@earnest\.example #\d{6}$/);
    expect(await status(first.token)).toMatchObject({
      state: 'pending',
      tries_left: 5,
      bonus_credited: false,
    });

    const right = sms.value.lastCode(phone) ?? '';
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++)
      expect(envelope(await verify(first.token, wrong)).data.error).toBe('kyc.code_wrong');
    expect(envelope(await verify(first.token, wrong)).data.error).toBe('kyc.code_dead');
    expect(envelope(await verify(first.token, right)).data.error).toBe('kyc.code_dead');
    expect(await status(first.token)).toMatchObject({ state: 'failed', tries_left: 0 });

    expect(envelope(await send(first.token, phone)).data.error).toBe('kyc.too_soon');
    clock.advance(61_000);
    expect(envelope(await send(first.token, phone)).code).toBe(1);
    const fresh = sms.value.lastCode(phone) ?? '';
    expect(envelope(await verify(first.token, fresh))).toMatchObject({ code: 1, data: { bonus: '100' } });
    expect(await ledger.balance(handle.database.db, first.id)).toBe(xrp(100));
    expect(await status(first.token)).toMatchObject({
      state: 'verified',
      bonus_credited: true,
      credited_amount: '100',
    });
    expect(envelope(await verify(first.token, fresh)).data.error).toBe('kyc.already_verified');

    // The same number on another account: verified, but no second bonus.
    clock.advance(61_000);
    expect(envelope(await send(second.token, phone, '10.0.0.2')).code).toBe(1);
    const code = sms.value.lastCode(phone) ?? '';
    expect(envelope(await verify(second.token, code))).toMatchObject({ code: 1, data: { bonus: '0' } });
    expect(await ledger.balance(handle.database.db, second.id)).toBe(0n);
  });

  it("pays the bonus to a user whose own request keys look like the server's", async () => {
    const user = await seedUser(handle.database.db, 'kyc');
    // The gift claimed under the key the bonus's ledger entry is filed under (the id is no secret).
    const gift = await post(handle.app, '/api/user/newUserReward', user.token, {}, `phone-bonus:${user.id}`);
    expect(envelope(gift).code).toBe(1);
    const phone = '+447911123999';
    expect(envelope(await send(user.token, phone, '10.0.0.9')).code).toBe(1);
    expect(envelope(await verify(user.token, sms.value.lastCode(phone) ?? ''))).toMatchObject({
      code: 1,
      data: { bonus: '100' },
    });
  });

  it('takes a number and a code typed on an Arabic keyboard as the digits they are, not as a wrong try', async () => {
    const user = await seedUser(handle.database.db, 'kyc-ar');
    const arabic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCodePoint(0x660 + Number(d)));
    expect(envelope(await send(user.token, `+${arabic('447911124001')}`, '10.0.0.11')).code).toBe(1);
    const code = sms.value.lastCode('+447911124001') ?? '';
    const typed = `${arabic(code.slice(0, 3))} ${arabic(code.slice(3))}`;
    expect(envelope(await verify(user.token, typed))).toMatchObject({ code: 1, data: { bonus: '100' } });
  });

  it('expires a code after 10 minutes', async () => {
    const user = await seedUser(handle.database.db, 'kyc');
    expect(envelope(await send(user.token, '+12015550123', '10.0.0.3')).code).toBe(1);
    clock.advance(10 * 60_000 + 1_000);
    expect(envelope(await verify(user.token, sms.value.lastCode('+12015550123') ?? '')).data.error).toBe(
      'kyc.code_expired',
    );
  });

  it('voids the code when the SMS provider refuses it: nothing to verify, no limit used up', async () => {
    const user = await seedUser(handle.database.db, 'kyc');
    const phone = '+12015550177';
    sms.value.failNext(1);
    const refused = await send(user.token, phone, '10.0.0.7');
    expect([refused.statusCode, envelope(refused).data.error]).toEqual([503, 'kyc.sms_failed']);
    expect(await status(user.token)).toMatchObject({ state: 'none', phone: null });
    // The failed send does not count: asking again at once is not "too soon", and its code works.
    expect(envelope(await send(user.token, phone, '10.0.0.7')).code).toBe(1);
    expect(envelope(await verify(user.token, sms.value.lastCode(phone) ?? '')).data).toMatchObject({
      state: 'verified',
    });
  });

  it("counts an IPv6 subscriber's whole /56 as one address: a fresh address per send gets no more", async () => {
    const accounts = await seedUsers(handle.database.db, 4, 'v6');
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const token = accounts[i % accounts.length]?.token ?? '';
      const phone = `+4479001${String(10_000 + i * 37).padStart(5, '0')}`;
      // Each send from another address of the same /64, as one machine can pick them at will.
      const response = await send(token, phone, `2001:db8:77:5::${(i + 1).toString(16)}`);
      answers.push(envelope(response).data.error ?? 'sent');
    }
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(10);
    expect(answers.slice(10)).toEqual(['kyc.too_many', 'kyc.too_many']);
    // Another subscriber's network is counted apart.
    const other = await send(accounts[0]?.token ?? '', '+447900199999', '2001:db8:78::1');
    expect(envelope(other).data.error).toBeUndefined();
  });

  it('sends at most 50 SMS for 10,000 pumping requests from many numbers and IPs', async () => {
    const before = sms.value.messages.length;
    const accounts = await seedUsers(handle.database.db, 20, 'pump');
    // Pumping targets premium ranges: numbers of two ranges, from 1,000 addresses.
    const ranges = ['+447624', '+447400'];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const range = ranges[i % 2] ?? '';
      const phone = `${range}${String(100_000 + ((i * 7919) % 900_000))}`;
      const ip = `10.${(i >> 8) % 4}.${i % 250}.${(i * 13) % 250}`;
      const response = await send(accounts[i % accounts.length]?.token ?? '', phone, ip);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    const sent = sms.value.messages.length - before;
    expect(sent).toBeLessThanOrEqual(50);
    expect(statuses.get(200)).toBe(sent);
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    console.log(`pumping: 10,000 requests, ${sent} SMS sent`);
  }, 300_000);
});

describe('the once-per-number bonus', () => {
  it('remembers a number by a hash no one can undo without the server, and honours the plain hashes of earlier releases', async () => {
    const [first, second, paidBefore] = await seedUsers(handle.database.db, 3, 'kyc-key');
    if (!first || !second || !paidBefore) throw new Error('no users');
    const phone = '+447911123777';
    expect(envelope(await send(first.token, phone, '10.0.7.1')).code).toBe(1);
    const code = sms.value.lastCode(phone) ?? '';
    expect(envelope(await verify(first.token, code))).toMatchObject({ code: 1, data: { bonus: '100' } });
    const plain = (value: string) => createHash('sha256').update(value).digest('hex');
    const kept = await handle.database.db.execute(`select phone from phone_bonuses` as never);
    const keys = (kept as unknown as { rows: { phone: string }[] }).rows.map((row) => row.phone);
    expect(keys).not.toContain(plain(`earnest-phone-bonus:${phone}`));
    expect(keys.join()).not.toContain('7911123777');

    // A number an earlier release paid, kept under its plain hash: no second bonus for it.
    const earlier = '+447911123778';
    await handle.database.db.insert(phoneBonuses).values({
      phone: plain(`earnest-phone-bonus:${earlier}`),
      userId: paidBefore.id,
      createdAt: clock.now(),
    });
    clock.advance(61_000);
    expect(envelope(await send(second.token, earlier, '10.0.7.2')).code).toBe(1);
    const again = sms.value.lastCode(earlier) ?? '';
    const answer = envelope(await verify(second.token, again));
    expect(answer).toMatchObject({ code: 1, data: { bonus: '0' } });
  });
});

describe('phone verification while the bonus is 0', () => {
  const zero = useTestAppWithSms({ SMS_PROVIDER_TOKEN: 'secret', KYC_BONUS_XRP: '0' });

  it("verifies, credits nothing, says nothing was credited, and leaves the number's one bonus unused", async () => {
    const user = await seedUser(zero.handle.database.db, 'kyc-zero');
    const phone = '+447911123999';
    const sent = await zero.handle.app.inject({
      method: 'POST',
      url: '/api/kyc/sendCode',
      headers: { [TOKEN_HEADER]: user.token },
      payload: { phone },
      remoteAddress: '10.0.0.9',
    });
    expect(envelope(sent).code).toBe(1);
    const code = zero.sms.value.lastCode(phone) ?? '';
    const verified = await post(zero.handle.app, '/api/kyc/verify', user.token, { code }, 'verify-zero');
    expect(envelope(verified)).toMatchObject({ code: 1, data: { bonus: '0' } });
    expect(envelope(await getAs(zero.handle.app, '/api/kyc/status', user.token)).data).toMatchObject({
      state: 'verified',
      bonus_amount: '0',
      bonus_credited: false,
      credited_amount: '0',
    });
    const used = await zero.handle.database.db.execute(
      `select count(*)::int as n from phone_bonuses` as never,
    );
    expect((used as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

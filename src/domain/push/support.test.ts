import { describe, expect, it } from 'vitest';
import { mayAskAgain, ASK_AGAIN_AFTER_MS } from '../consent/ask-again.ts';
import { isInAppBrowser, pushSupported } from './support.ts';

// Real user-agent strings, as these apps send them.
const IN_APP = {
  telegram:
    'Mozilla/5.0 (Linux; Android 13; SM-A525F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Telegram-Android/10.5.0 (Samsung SM-A525F; Android 13; SDK 33; AVERAGE)',
  facebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/446.0.0.32.110;FBBV/540516958;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.2;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]',
  instagram:
    'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SQ3A.220705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 310.0.0.37.328 Android (31/12; 420dpi; 1080x2209; Google/google; Pixel 6; oriole; oriole; en_US; 541635884)',
  wechat:
    'Mozilla/5.0 (Linux; Android 10; V1938T Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/4317 MMWEBSDK/20220903 Mobile Safari/537.36 MMWEBID/6170 MicroMessenger/8.0.28.2240(0x28001C35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  qq: 'Mozilla/5.0 (Linux; Android 11; M2012K11AC Build/RKQ1.200826.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046011 Mobile Safari/537.36 V1_AND_SQ_8.8.50_2324_YYB_D A_8085000 QQ/8.8.50.6735 NetType/WIFI WebP/0.3.0 Pixel/1080',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.14.0',
};

const BROWSERS = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
};

const all = { serviceWorker: true, notifications: true, pushManager: true };

describe('push support', () => {
  it('is unsupported inside the in-app browsers of messengers and social apps', () => {
    for (const [app, ua] of Object.entries(IN_APP)) {
      expect([app, isInAppBrowser(ua), pushSupported(ua, all)]).toEqual([app, true, false]);
    }
  });

  it('is supported in ordinary browsers that have service workers, notifications and the Push API', () => {
    for (const [name, ua] of Object.entries(BROWSERS)) {
      expect([name, pushSupported(ua, all)]).toEqual([name, true]);
    }
    expect(pushSupported(BROWSERS.safariIos, { ...all, pushManager: false })).toBe(false);
    expect(pushSupported(BROWSERS.chromeAndroid, { ...all, serviceWorker: false })).toBe(false);
    expect(pushSupported(BROWSERS.chromeAndroid, { ...all, notifications: false })).toBe(false);
  });

  it('does not ask again for 7 days after a no (docs/product-rules.md#respect-no)', () => {
    const no = Date.UTC(2026, 10, 21);
    expect(mayAskAgain(no, no + ASK_AGAIN_AFTER_MS - 1)).toBe(false);
    expect(mayAskAgain(no, no + ASK_AGAIN_AFTER_MS)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { needsOtherBrowser } from './browser-support';

const UA = {
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/118.0 Mobile/15E148 Safari/604.1',
  iosFacebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/400.0]',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  androidFacebook:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/400.0;]',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Mobile Safari/537.36',
  desktopFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
};

describe('change-browser alert', () => {
  it('shows for iOS browsers other than Safari, Internet Explorer and Facebook outside iOS', () => {
    expect(needsOtherBrowser(UA.iosChrome)).toBe(true);
    expect(needsOtherBrowser(UA.iosFacebook)).toBe(true);
    expect(needsOtherBrowser(UA.ie11)).toBe(true);
    expect(needsOtherBrowser(UA.androidFacebook)).toBe(true);
  });
  it('does not show for Safari on iOS, Chrome on Android or desktop browsers', () => {
    expect(needsOtherBrowser(UA.iosSafari)).toBe(false);
    expect(needsOtherBrowser(UA.androidChrome)).toBe(false);
    expect(needsOtherBrowser(UA.desktopFirefox)).toBe(false);
  });
});

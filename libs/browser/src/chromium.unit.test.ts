import { ChromiumNotFoundError, findChromium } from './chromium.js';

describe('findChromium', () => {
  it("prefers Debian's real binary, then the wrapper", () => {
    expect(findChromium(undefined, () => true)).toBe('/usr/lib/chromium/chromium');
    expect(findChromium(undefined, (p) => p === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
  });

  it('takes CHROMIUM_PATH when it exists, and names it when it does not', () => {
    expect(findChromium('/opt/chrome', (p) => p === '/opt/chrome')).toBe('/opt/chrome');
    expect(() => findChromium('/opt/chrome', () => false)).toThrow(
      'CHROMIUM_PATH /opt/chrome does not exist',
    );
  });

  it('says how to install Chromium when there is none', () => {
    expect(() => findChromium(undefined, () => false)).toThrow(ChromiumNotFoundError);
    expect(() => findChromium(undefined, () => false)).toThrow('apt-get install -y chromium');
  });
});

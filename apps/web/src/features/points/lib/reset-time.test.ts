import { describe, expect, it } from 'vitest';
import { describeReset } from './reset-time';

// Midnight of 2030-03-11 in Shanghai.
const RESET = '2030-03-10T16:00:00.000Z';

describe('the daily reset, told in the zone whose midnight it is', () => {
  it('names the zone, and the viewer’s own clock when it reads differently', () => {
    expect(describeReset(RESET, 'Asia/Shanghai', 'en-US', 'America/Los_Angeles')).toEqual({
      time: '00:00',
      zone: 'China Standard Time',
      localTime: '09:00',
    });
    expect(describeReset(RESET, 'Asia/Shanghai', 'zh-CN', 'Europe/Berlin')).toEqual({
      time: '00:00',
      zone: '中国标准时间',
      localTime: '17:00',
    });
  });

  it('leaves the viewer’s clock out when it is the same', () => {
    expect(describeReset(RESET, 'Asia/Shanghai', 'zh-Hant', 'Asia/Taipei').localTime).toBeNull();
    expect(describeReset(RESET, 'Asia/Shanghai', 'en-US', 'Asia/Shanghai').localTime).toBeNull();
  });
});

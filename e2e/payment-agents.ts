/** A phone's browser, and WeChat's own browser on that phone (its user agent says MicroMessenger). */
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const WECHAT_UA = `${PHONE_UA} MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/en`;

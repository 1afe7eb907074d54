import type { SettingsTranslations, SystemSettings } from '@drama/contracts';
import { translationKey } from '../modules/settings/queries.js';

/**
 * The site's settings on a fresh start. Legal texts keep the `{platformName}` and `{contact}`
 * placeholders; the client replaces them with the site name and contact.
 */
export const seedSettings: SystemSettings = {
  siteName: '星河短剧',
  siteLogo: '/media/brand/logo-144.webp',
  siteDescription: '每天几分钟，追完一部好剧。',
  siteDomain: 'localhost',
  copyright: '© 2026 星河短剧 Starriver Shorts',
  icp: '沪ICP备2026000000号-1',
  contact: 'support@starriver.example',
  followSystemTheme: true,
  // The demo has no official account: the Follow us task is offered once an operator names one.
  followUsLink: '',
  followUsQrImage: '',
  userAgreement: [
    '欢迎使用{platformName}。在使用本服务前，请您仔细阅读本协议。',
    '1. 服务内容',
    '{platformName}为用户提供短剧在线观看、会员订阅、积分任务等服务。部分剧集仅向会员开放。',
    '2. 账号注册与使用',
    '您应当使用真实、合法的信息注册账号，并妥善保管账号与密码。因您保管不善造成的损失由您自行承担。',
    '3. 会员与付费',
    '会员权益自支付成功之时起生效，有效期按所购套餐计算。虚拟商品一经开通，除法律另有规定外不予退款。',
    '4. 用户行为规范',
    '您不得录制、传播、转售平台内容，不得利用技术手段绕过付费或访问限制。',
    '5. 联系我们',
    '如您对本协议有任何疑问，请通过{contact}与我们联系。',
  ].join('\n'),
  privacyPolicy: [
    '{platformName}非常重视您的个人信息保护。本政策说明我们如何收集、使用和保护您的信息。',
    '1. 我们收集的信息',
    '注册时的用户名、邮箱或手机号；观看记录、点赞与收藏；订单与支付结果（不含银行卡信息）。',
    '2. 信息的使用',
    '用于提供与改进服务、为您推荐内容、保障账号安全以及处理您的反馈。',
    '3. 信息的存储与保护',
    '您的密码以不可逆的方式加密保存，数据传输全程加密。我们不会向第三方出售您的个人信息。',
    '4. 您的权利',
    '您可以随时查看、更正或删除您的个人信息，也可以注销账号。',
    '5. 联系我们',
    '如有任何隐私相关问题，请通过{contact}联系我们。',
  ].join('\n'),
};

/** The same texts for a Traditional Chinese and an English interface (DESIGN.md section 4). */
export const seedSettingsTranslations: SettingsTranslations = {
  'zh-Hant': {
    followUsLink: '',
    followUsQrImage: '',
    siteDescription: '每天幾分鐘，追完一部好劇。',
    userAgreement: [
      '歡迎使用{platformName}。在使用本服務前，請您仔細閱讀本協議。',
      '1. 服務內容',
      '{platformName}為使用者提供短劇線上觀看、會員訂閱、積分任務等服務。部分劇集僅向會員開放。',
      '2. 帳號註冊與使用',
      '您應當使用真實、合法的資訊註冊帳號，並妥善保管帳號與密碼。因您保管不善造成的損失由您自行承擔。',
      '3. 會員與付費',
      '會員權益自支付成功之時起生效，有效期依所購方案計算。虛擬商品一經開通，除法律另有規定外不予退款。',
      '4. 使用者行為規範',
      '您不得錄製、傳播、轉售平台內容，不得利用技術手段繞過付費或存取限制。',
      '5. 聯絡我們',
      '如您對本協議有任何疑問，請透過{contact}與我們聯絡。',
    ].join('\n'),
    privacyPolicy: [
      '{platformName}非常重視您的個人資料保護。本政策說明我們如何蒐集、使用和保護您的資料。',
      '1. 我們蒐集的資料',
      '註冊時的使用者名稱、電子郵件或手機號碼；觀看紀錄、按讚與收藏；訂單與支付結果（不含銀行卡資料）。',
      '2. 資料的使用',
      '用於提供與改善服務、為您推薦內容、保障帳號安全以及處理您的意見回饋。',
      '3. 資料的儲存與保護',
      '您的密碼以不可逆的方式加密保存，資料傳輸全程加密。我們不會向第三方出售您的個人資料。',
      '4. 您的權利',
      '您可以隨時查看、更正或刪除您的個人資料，也可以註銷帳號。',
      '5. 聯絡我們',
      '如有任何隱私相關問題，請透過{contact}聯絡我們。',
    ].join('\n'),
  },
  'en-US': {
    followUsLink: '',
    followUsQrImage: '',
    siteDescription: 'Bite-sized dramas, one swipe at a time.',
    userAgreement: [
      'Welcome to {platformName}. Please read this agreement carefully before using the service.',
      '1. The service',
      '{platformName} lets you watch short dramas online, subscribe to a membership and earn points through tasks. Some episodes are for members only.',
      '2. Your account',
      'Register with true and lawful information and keep your account and password safe. You are responsible for any loss caused by failing to do so.',
      '3. Membership and payment',
      'Membership benefits start as soon as the payment succeeds and last for the period of the plan you bought. Virtual goods, once activated, are not refunded unless the law requires it.',
      '4. Conduct',
      "You may not record, distribute or resell the platform's content, or use technical means to get around payment or access restrictions.",
      '5. Contact us',
      'If you have any questions about this agreement, contact us at {contact}.',
    ].join('\n'),
    privacyPolicy: [
      '{platformName} takes the protection of your personal information seriously. This policy explains how we collect, use and protect it.',
      '1. What we collect',
      'The username, email address or phone number you register with; your viewing history, likes and favorites; your orders and payment results (never your bank card details).',
      '2. How we use it',
      'To provide and improve the service, recommend content to you, keep your account secure and handle your feedback.',
      '3. Storage and protection',
      'Your password is stored with one-way encryption and all data is encrypted in transit. We never sell your personal information to third parties.',
      '4. Your rights',
      'You may view, correct or delete your personal information at any time, and you may close your account.',
      '5. Contact us',
      'For any privacy question, contact us at {contact}.',
    ].join('\n'),
  },
};

/** The translations as the rows they are stored in. */
export const seedSettingsTranslationRows: Record<string, string> = Object.fromEntries(
  (['zh-Hant', 'en-US'] as const).flatMap((locale) =>
    Object.entries(seedSettingsTranslations[locale]).map(([field, text]) => [
      translationKey(field as keyof SettingsTranslations['en-US'], locale),
      text,
    ]),
  ),
);

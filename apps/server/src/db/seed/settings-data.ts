import type { SystemSettings } from '@drama/contracts';

/**
 * The site's settings on a fresh start. Legal texts keep the `{platformName}` and `{contact}`
 * placeholders; the client replaces them with the site name and contact.
 */
export const seedSettings: SystemSettings = {
  siteName: '星河短剧',
  siteLogo: '/media/brand/logo-144.webp',
  siteDescription: '每天几分钟，追完一部好剧。Bite-sized dramas, one swipe at a time.',
  siteDomain: 'localhost',
  copyright: '© 2026 星河短剧 Starriver Shorts',
  icp: '沪ICP备2026000000号-1',
  contact: 'support@starriver.example',
  followSystemTheme: true,
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

import type { CodePurpose, Locale } from '@drama/contracts';

const TEXTS: Record<Locale, { subject: Record<CodePurpose, string>; body: (code: string, minutes: number) => string }> = {
  'zh-CN': {
    subject: { reset: '重置密码验证码', bind: '绑定验证码' },
    body: (code, minutes) => `您的验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本消息。`,
  },
  'zh-Hant': {
    subject: { reset: '重設密碼驗證碼', bind: '綁定驗證碼' },
    body: (code, minutes) => `您的驗證碼是 ${code}，${minutes} 分鐘內有效。如非本人操作，請忽略本訊息。`,
  },
  'en-US': {
    subject: { reset: 'Your password reset code', bind: 'Your verification code' },
    body: (code, minutes) =>
      `Your verification code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
  },
};

/** The text of a verification code message, in the language the request asked for. */
export function codeMessage(purpose: CodePurpose, code: string, minutes: number, locale: Locale) {
  const texts = TEXTS[locale];
  return { subject: texts.subject[purpose], body: texts.body(code, minutes) };
}

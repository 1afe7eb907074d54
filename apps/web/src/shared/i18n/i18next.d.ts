import 'i18next';
import type { Messages } from './locales/en-US';

// Typed keys: a misspelt key in t() is a compile error, not a blank label at run time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

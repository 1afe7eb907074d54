/** 每日對帳的繁體中文文案（財務），併入 zh-Hant。 */
export const reconciliationZhHant = {
  'nav.reconciliation': '對帳',
  'error.RECONCILIATION_NOT_FOUND': '這一天還沒有對帳，請先執行。',
  'error.RECONCILIATION_DAY_IN_FUTURE': '這一天還沒有開始。',
};

/** 每日对账的简体中文文案（财务），并入 zh-CN。 */
export const reconciliationZhCN = {
  'nav.reconciliation': '对账',
  'error.RECONCILIATION_NOT_FOUND': '这一天还没有对账，请先运行。',
  'error.RECONCILIATION_DAY_IN_FUTURE': '这一天还没有开始。',
};

/** The daily reconciliation's English texts (finance), spread into en-US. */
export const reconciliationEnUS = {
  'nav.reconciliation': 'Reconciliation',
  'error.RECONCILIATION_NOT_FOUND': 'This day has not been reconciled yet: run it.',
  'error.RECONCILIATION_DAY_IN_FUTURE': 'That day has not begun yet.',
};

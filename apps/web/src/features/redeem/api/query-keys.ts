export const redeemKeys = {
  all: ['redeem'] as const,
  records: () => ['redeem', 'records'] as const,
};

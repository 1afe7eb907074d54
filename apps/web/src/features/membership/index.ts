// What other features use of membership: prices as they are shown, the payment channels on
// offer, and the episode a purchase is meant to unlock.
export { usePaymentChannels } from './api/get-payment-channels';
export { useTargetEpisode } from './api/get-target-drama';
export { formatYuan } from './lib/format';

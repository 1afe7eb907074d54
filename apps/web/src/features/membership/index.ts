// What other features use of membership: prices as they are shown, the payment channels on
// offer, the episode a purchase is meant to unlock, and the gold of a VIP card.
export { usePaymentChannels } from './api/get-payment-channels';
export { useTargetEpisode } from './api/get-target-drama';
export { CrownBadge, GoldShine } from './components/vip-art';
export { formatYuan } from './lib/format';

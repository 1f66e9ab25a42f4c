export { ChannelFollow, SiftFollowButton, useFollowChannelMenu, useFollowSiftMenu } from './components/FollowButton';
export { SubscribeModalHost, openSubscribeModal } from './components/SubscribeModal';
export { SubscriptionsList } from './components/SubscriptionsList';
export { SubscriptionsModal } from './components/SubscriptionsModal';
export { UnsubscribePage } from './components/UnsubscribePage';
export {
  FOLLOW_CHANNEL_ACTION,
  FOLLOW_SIFT_ACTION,
  MULTI_SUBSCRIBE_ACTION,
  replayFollowChannel,
  replayFollowSift,
  replayMultiSubscribe,
} from './actions';
export { subscriptionKeys, useSubscriptions } from './api/queries';

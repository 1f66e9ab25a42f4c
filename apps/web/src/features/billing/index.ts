// The plans and checkout pages (issue 19); they load with their routes.
export { PlansPage, type PlansMember } from './components/PlansPage';
export { SubscriptionCancelledPage, SubscriptionCompletedPage } from './components/CheckoutReturnPages';

export { MessageBar } from './components/MessageBar';
export { messageKeys, useSiteMessages } from './api/queries';

export { ShareHost } from './components/ShareHost';

export { useHistoryVideoMenu, useHistoryActions } from './menu';

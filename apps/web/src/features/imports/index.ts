export { FileImport, summary } from './components/FileImport';
export { YouTubeAccountImport, type AccountView } from './components/YouTubeAccountImport';
export { YouTubeCallback } from './components/YouTubeCallback';

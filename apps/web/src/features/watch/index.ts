export { videoKeys, useVideo } from './api/queries';

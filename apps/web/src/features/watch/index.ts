export { videoKeys, useVideo } from './api/queries';
export { useIntroVideoId } from './api/intro';

// Eager exports only: the pages are imported by their module path from the lazily loaded app/pages/SiftRoutes.
export { ADD_TO_SIFT_ACTION, CREATE_SIFT_ACTION, replayAddToSift, replayCreateSift } from './actions';
export { AddToSiftHost, openAddToSift } from './components/AddToSift';
export { useSiftChannelMenu } from './menu';
export { showVideoAuthCheckPath, usePlaySiftParam, useSiftPlayer } from './player';
export { siftQueue } from './queue';

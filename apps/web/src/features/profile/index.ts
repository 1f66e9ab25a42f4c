export { usePublicUser, profileKeys } from './api/queries';
export { ProfileHeader, fullName } from './components/ProfileHeader';
export { YourData } from './components/YourData';

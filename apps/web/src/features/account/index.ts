export { useSession, useLogout, clearLocalSession, accountKeys, type Session, type UserInfo } from './api/session';

export { CookieConsent } from './components/CookieConsent';

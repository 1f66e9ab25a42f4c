export { CookieConsent } from './components/CookieConsent';
export { ConsentChoice } from './components/ConsentChoice';

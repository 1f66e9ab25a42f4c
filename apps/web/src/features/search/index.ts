export { SearchHeading } from './components/SearchHeading';

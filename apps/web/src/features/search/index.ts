// Pages (SearchPage, RecentSearchesPage, OwnerResults) load with their routes by module path, so they stay out
// of the first route's chunk.
export { SearchHeading } from './components/SearchHeading';

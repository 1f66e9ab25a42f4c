// Pages (SearchPage, RecentSearchesPage, OwnerResults) load with their routes by module path, so they stay out
// of the first route's chunk. The header's submit (`useSearchSubmit`, ./submit) is imported by module path too: going
// through this file would pull SearchHeading into the first route's chunk.
export { SearchHeading } from './components/SearchHeading';

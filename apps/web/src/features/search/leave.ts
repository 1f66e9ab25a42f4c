import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetSearchResults } from './api/queries';
import { keepsSearch, searchFilters } from './state';

/**
 * SPEC §2 "On every path change": leaving search, except to search or a user profile, resets the search
 * filters and results. Every page of that area calls this; when it unmounts because the person went
 * somewhere else (the router has already moved the location), the filters go back to their defaults and the
 * cached results are dropped, so the next search starts clean.
 */
export function useLeavingSearchResets() {
  const qc = useQueryClient();
  useEffect(
    () => () => {
      if (keepsSearch(window.location.pathname)) return;
      searchFilters.reset();
      forgetSearchResults(qc);
    },
    [qc],
  );
}

/**
 * SPEC §2: the `v` query parameter (current video) is carried over between routes. A link that names its own
 * `v` keeps it; one that does not gets the current one appended.
 */
export function carryV(to: string, currentSearch: string): string {
  const v = new URLSearchParams(currentSearch).get('v');
  if (!v) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const qAt = beforeHash.indexOf('?');
  const path = qAt >= 0 ? beforeHash.slice(0, qAt) : beforeHash;
  const params = new URLSearchParams(qAt >= 0 ? beforeHash.slice(qAt + 1) : '');
  if (params.has('v')) return to;
  params.set('v', v);
  return `${path}?${params.toString()}${hash}`;
}

/** The same location without `v` (closing the player). */
export function withoutV(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('v');
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

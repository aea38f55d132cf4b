import { useDeferredValue } from 'react';

/**
 * A query's result with its first arrival rendered as a transition. The data that fills a page is its largest
 * render: as a transition React renders it in slices a tap can come between, not as one task of 100–200 ms
 * on a phone's CPU (decision 044). Until that render is done the page keeps showing its loading state.
 *
 * Only the first arrival waits. Every later answer (a refetch, the next step, another mission) shows at once,
 * so a page never pairs its address with data from before it.
 */
export function useFirstArrivalDeferred<Result extends { data?: unknown }>(result: Result): Result {
  const deferred = useDeferredValue(result);
  return deferred.data === undefined ? deferred : result;
}

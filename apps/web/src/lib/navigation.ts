/**
 * Navigation from outside React (the HTTP client resetting auth). The router registers itself at start;
 * until then a full page load is the safe fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => {
  if (typeof window !== 'undefined' && window.location.pathname !== to) window.location.assign(to);
};

export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

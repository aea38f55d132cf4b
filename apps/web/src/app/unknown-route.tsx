import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Navigate } from 'react-router';
import { paths } from '../config/paths';
import { showInfo } from '../lib/toast';

export const UNKNOWN_PAGE_NOTE = 'That page does not exist, so here is your overview.';

/**
 * An address the app does not know (a mistyped or outdated link) lands on the overview with a short
 * note, so the founder is not left wondering why they see a different page from the one they asked for.
 */
export function UnknownRoute() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(showInfo(UNKNOWN_PAGE_NOTE, 'link'));
  }, [dispatch]);
  return <Navigate to={paths.overview} replace />;
}

import type { User } from '@liftoff/contracts/auth';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import { paths } from '../config/paths';

/**
 * The account menu's way from the expert portal or the studio to the founder app. A person who never
 * onboarded as a founder is offered the onboarding itself: the founder app would send them back here
 * (docs/decisions/040).
 */
export function founderAppLink(user: Pick<User, 'profileCompleted'> | null | undefined) {
  const icon = <HomeIcon fontSize="small" />;
  return user?.profileCompleted
    ? { label: 'Founder app', to: paths.overview, icon }
    : { label: 'Use Liftoff as a founder', to: paths.onboarding, icon };
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { linkStyles } from '@/components/button';
import { profileQuery } from '../api/profile';

export const NO_PROFILE_TITLE = 'Set your loan officer profile first';

/**
 * Shown to a broker without a loan officer profile wherever they would save an analysis or send an
 * e-mail: the server refuses both until they set their name and NMLS ID on the Profile page.
 */
export function ProfileNotice() {
  const profile = useQuery(profileQuery());
  if (!profile.data || profile.data.officer) return null;
  return (
    <div role="note" aria-labelledby="profile-notice-title" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p id="profile-notice-title" className="font-bold">
        {NO_PROFILE_TITLE}
      </p>
      <p className="mt-1">
        Every analysis and e-mail names the loan officer who sends it: your name and NMLS ID. Until you set yours, Submit Analysis and
        Send Email are refused.{' '}
        <Link to="/admin/profile" className={linkStyles}>
          Set your profile
        </Link>
      </p>
    </div>
  );
}

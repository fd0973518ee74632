import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, linkStyles } from '@/components/button';
import { Card } from '@/components/card';
import { TextField } from '@/components/form/field';
import { LiveMessage } from '@/components/live-message';
import { TitledPage } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { moveFocusTo } from '@/lib/announce';
import { ApiError } from '@/lib/api-client';
import { profileQuery, useSetProfile, type LoanOfficerProfile } from '../api/profile';

export const PROFILE_SAVED = 'Your loan officer profile is saved';

/**
 * /admin/profile: the signed-in broker's loan officer profile (issue 26). Every analysis they save
 * says "Reviewed by NAME, NMLS #ID" (SAFE Act, 12 CFR 1007.105); without a profile the server
 * refuses to save an analysis or send an e-mail.
 */
export function ProfilePage() {
  const profile = useQuery(profileQuery());
  return (
    <TitledPage heading="Loan officer profile" intro="Your name as licensed and your individual NMLS ID. Every analysis you save says “Reviewed by NAME, NMLS #ID”, with a link to your NMLS Consumer Access page; you cannot save an analysis or send an e-mail without them." width="narrow">
      {profile.isPending ? (
        <Spinner label="Loading your profile…" />
      ) : profile.isError ? (
        <p className="text-red-700">{profile.error.message || 'Failed to load your profile'}</p>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </TitledPage>
  );
}

function ProfileForm({ profile }: { profile: LoanOfficerProfile }) {
  const save = useSetProfile();
  const [name, setName] = useState(profile.officer?.name ?? '');
  const [nmls, setNmls] = useState(profile.officer?.nmls ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ saved: boolean; message: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) moveFocusTo(outcomeRef.current);
  }, [outcome]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setOutcome(null);
    try {
      await save.mutateAsync({ name, nmls });
      setOutcome({ saved: true, message: PROFILE_SAVED });
    } catch (error) {
      setFields(error instanceof ApiError ? error.fields : {});
      setOutcome({ saved: false, message: error instanceof Error && error.message ? error.message : 'Failed to save your profile' });
    }
  };
  const officer = save.data?.officer ?? profile.officer;
  return (
    <Card shadow="sm" aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="text-lg font-bold text-slate-900">
        {profile.email}
      </h2>
      {officer ? (
        <p className="mt-1 text-slate-700">
          Your analyses say &ldquo;Reviewed by {officer.name}, NMLS #{officer.nmls}&rdquo; (
          <a href={officer.consumerAccessUrl} className={linkStyles} target="_blank" rel="noreferrer">
            NMLS Consumer Access
          </a>
          ).
        </p>
      ) : (
        <p className="mt-1 font-medium text-amber-900">No profile yet: saving an analysis and sending an e-mail are refused until you set it.</p>
      )}
      <form noValidate onSubmit={submit} aria-label="Loan officer profile" className="mt-4 space-y-4">
        <TextField label="Name as licensed" autoComplete="name" value={name} error={fields.name} onChange={(event) => setName(event.target.value)} />
        <TextField
          label="Individual NMLS ID"
          inputMode="numeric"
          hint="Digits only, as on NMLS Consumer Access."
          value={nmls}
          error={fields.nmls}
          onChange={(event) => setNmls(event.target.value)}
        />
        <LiveMessage ref={outcomeRef} tone={outcome?.saved ? 'status' : 'error'} className={outcome?.saved ? 'font-medium text-green-800' : 'font-medium text-red-700'}>
          {outcome?.message ?? null}
        </LiveMessage>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </form>
    </Card>
  );
}

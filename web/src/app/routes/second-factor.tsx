import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextField } from '@/components/form/field';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-fetch';
import { SiteTitle, useSite } from '@/lib/site';
import {
  confirmSecondFactor,
  forgetSignIn,
  secondFactorQuery,
  secondFactorQueryKey,
  sessionQueryKey,
  startSecondFactorEnrolment,
  verifySecondFactor,
} from '@/lib/auth';
import { TitledSection } from '@/components/titled-section';

/** Where to go once past the second factor: the page that sent the broker here, or /admin. */
function returnPath(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/admin';
  return raw;
}

const message = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

/**
 * /second-factor: outside loopback development mode a broker signed in with
 * Google sets up an authenticator app (QR code, then a code from it; the
 * recovery codes are shown once) or types a code from it (decision 0039).
 */
export function SecondFactorPage() {
  const [searchParams] = useSearchParams();
  const back = returnPath(searchParams.get('return_to'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery(secondFactorQuery());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const proceed = () => {
    // The guard of the page asked for loads the session afresh, now with a token.
    forgetSignIn();
    queryClient.removeQueries({ queryKey: sessionQueryKey });
    queryClient.removeQueries({ queryKey: secondFactorQueryKey });
    navigate(back, { replace: true });
  };

  let body;
  if (status.isPending) {
    body = <Spinner label="Checking your sign-in…" />;
  } else if (status.isError) {
    body = (
      <p className="mt-4 text-slate-800">
        Your sign-in has ended. <Link to="/login" className="font-semibold text-blue-800 underline">Sign in again</Link>.
      </p>
    );
  } else if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={proceed} />;
  } else if (status.data.passed && !status.data.required) {
    body = (
      <p className="mt-4 text-slate-800">
        No second factor is needed on this server. <Link to={back} className="font-semibold text-blue-800 underline">Continue</Link>.
      </p>
    );
  } else if (status.data.passed) {
    body = (
      <p className="mt-4 text-slate-800">
        You have passed the second factor. <Link to={back} className="font-semibold text-blue-800 underline">Continue</Link>.
      </p>
    );
  } else if (status.data.enrolled) {
    body = <Verify onPassed={proceed} />;
  } else {
    body = <Enrol onEnrolled={setRecoveryCodes} />;
  }

  return (
    <Page width="narrow">
      <SiteTitle page="Second factor" />
      <Card as="div" padding={8} shadow="sm" className="mx-auto max-w-lg">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <ShieldCheck aria-hidden="true" className="size-6 text-blue-800" />
          Second factor
        </h1>
        {status.data && <p className="mt-1 text-sm text-slate-700">Signed in with Google as {status.data.email}.</p>}
        {body}
      </Card>
    </Page>
  );
}

/** A code typed and sent with sending (the enrolment's confirmation, the sign-in's check); a refusal is said on the box. */
function CodeForm({ label, hint, submit, sending }: {
  label: string;
  hint: string;
  submit: string;
  sending: { isPending: boolean; isError: boolean; error: unknown; mutate: (code: string) => void };
}) {
  const [code, setCode] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) sending.mutate(code.trim());
  };
  return (
    <form onSubmit={send} className="mt-4 space-y-3" noValidate>
      <TextField
        label={label}
        hint={hint}
        error={sending.isError ? message(sending.error) : undefined}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoFocus
      />
      <Button type="submit" disabled={sending.isPending}>
        {submit}
      </Button>
    </form>
  );
}

function Enrol({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
  const start = useMutation({ mutationFn: startSecondFactorEnrolment });
  const confirm = useMutation({ mutationFn: confirmSecondFactor, onSuccess: (answer) => onEnrolled(answer.recovery_codes) });
  const brand = useSite()?.brand ?? 'the broker sign-in';
  if (!start.data) {
    return (
      <TitledSection id="enrol-title" title="Set up an authenticator app" className="mt-4" headingClassName="text-lg font-bold text-slate-900">
        <p className="mt-1 text-slate-800">
          The broker area holds visitors' personal details, so every broker signs in with Google and then with a code from an
          authenticator app on their phone (Google Authenticator, Microsoft Authenticator, 1Password and the like).
        </p>
        {start.isError && (
          <p role="alert" className="mt-3 font-semibold text-red-800">
            {message(start.error)}
          </p>
        )}
        <Button className="mt-4" onClick={() => start.mutate()} disabled={start.isPending}>
          Set up my authenticator app
        </Button>
      </TitledSection>
    );
  }
  return (
    <TitledSection id="scan-title" title="Scan this QR code with your authenticator app" className="mt-4" headingClassName="text-lg font-bold text-slate-900">
      <img src={start.data.qr_code_png} alt={`QR code to add ${brand} to your authenticator app`} width={240} height={240} className="mt-3" />
      <p className="mt-2 text-sm text-slate-800">
        Cannot scan it? Type this key into the app instead:{' '}
        <code data-testid="totp-secret" className="font-mono break-all">
          {start.data.secret}
        </code>
      </p>
      <CodeForm
        label="Six-digit code from the app"
        hint="The app shows a new code every 30 seconds."
        submit="Confirm"
        sending={confirm}
      />
    </TitledSection>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <TitledSection id="recovery-title" title="Save your recovery codes" className="mt-4" headingClassName="text-lg font-bold text-slate-900">
      <p className="mt-1 text-slate-800">
        Each code lets you in once without your phone. Keep them somewhere safe, such as your password manager: they are shown only
        this once.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button className="mt-4" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </TitledSection>
  );
}

function Verify({ onPassed }: { onPassed: () => void }) {
  const verify = useMutation({ mutationFn: verifySecondFactor, onSuccess: onPassed });
  return (
    <CodeForm
      label="Code from your authenticator app"
      hint="Six digits, or one of your recovery codes if you do not have your phone."
      submit="Verify"
      sending={verify}
    />
  );
}

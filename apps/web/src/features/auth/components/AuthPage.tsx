import { LoginRequest, RegisterForm, type User } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { type Errors, Field, submitWith } from '../../../components/form.tsx';
import { PhoneInput } from '../../../components/PhoneInput.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, HttpError } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PRODUCT } from '../../../lib/site.ts';
import { authApi, useSession } from '../api/session.ts';
import { ResetCodeCard, ResetRequestCard, VerifyEmailCard } from './AccountCards.tsx';

/**
 * The email of a sign-in refused for an unverified address: the server says so only after the
 * right password (docs/api.md, POST /api/login), so the card it opens tells nobody else anything.
 */
function unverifiedEmail(error: unknown): string | null {
  const body = error instanceof HttpError && error.status === 403 ? error.json : null;
  return body?.needsEmailVerification === true && typeof body.email === 'string' ? body.email : null;
}

function LoginForm({
  onForgot,
  onNeedsVerification,
}: {
  onForgot: () => void;
  onNeedsVerification: (email: string) => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation({
    mutationFn: authApi.login,
    meta: { ignoreUnauthorized: true },
    onSuccess: (user: User) => {
      queryClient.setQueryData(queryKeys.session, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.firstName || user.username}!` });
      navigate('/');
    },
    onError: (e) => {
      toast({ title: 'Login failed', description: errorMessage(e, 'Login failed'), variant: 'destructive' });
      const email = unverifiedEmail(e);
      if (email) onNeedsVerification(email);
    },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={submitWith(LoginRequest, setErrors, (data) => {
        login.mutate(data);
      })}
    >
      <Field name="username" label="Username or email" autoComplete="username" error={errors.username} />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Login'}
      </Button>
      <button type="button" onClick={onForgot} className="text-sm font-medium text-amber-700 hover:underline">
        Forgot your password?
      </button>
    </form>
  );
}

function RegisterFormView({ onNeedsVerification }: { onNeedsVerification: (email: string) => void }) {
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const register = useMutation({
    mutationFn: authApi.register,
    meta: { ignoreUnauthorized: true },
    onSuccess: (answer) => {
      if ('success' in answer) {
        toast({ title: 'Registration successful', description: answer.message });
        if (answer.user?.needsEmailVerification) onNeedsVerification(answer.user.email);
        return;
      }
      queryClient.setQueryData(queryKeys.session, answer);
      toast({
        title: 'Registration successful',
        description: `Welcome, ${answer.firstName || answer.username}!`,
      });
      navigate('/');
    },
    onError: (e) =>
      toast({
        title: 'Registration failed',
        description: errorMessage(e, 'Registration failed'),
        variant: 'destructive',
      }),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={submitWith(RegisterForm, setErrors, (data) => {
        const { confirmPassword: _confirm, ...body } = data;
        register.mutate(body);
      })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="firstName"
          label="First name"
          autoComplete="given-name"
          error={errors.firstName}
          optional
        />
        <Field
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName}
          optional
        />
      </div>
      <Field name="username" label="Username" autoComplete="username" error={errors.username} />
      <Field name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
      <PhoneInput id="field-phone" label="Phone" error={errors.phone} optional />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

async function googleLogin(): Promise<void> {
  try {
    const answer = await authApi.googleLogin();
    if (!answer?.authUrl) throw new Error('no authUrl');
    window.location.assign(answer.authUrl);
  } catch (e) {
    const network = e instanceof TypeError;
    toast({
      title: 'Error',
      description: network
        ? 'Failed to connect to Google login service.'
        : 'Failed to initiate Google login. Please try again.',
      variant: 'destructive',
    });
  }
}

/** /auth: Login and Register, with the marketing panel. A signed-in user goes to /. */
export function AuthPage() {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === 'register' ? 'register' : 'login');
  const [notice, setNotice] = useState(true);
  /** The forgot-password flow: closed, the request card, or the code-and-new-password card. */
  const [forgot, setForgot] = useState<'closed' | 'request' | 'reset'>('closed');
  const [resetEmail, setResetEmail] = useState('');
  /** The address waiting for its verification code (the card is open while set). */
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  if (isLoading) return <Spinner />;
  if (user) return <Navigate to="/" replace />;
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-4 py-8 md:grid-cols-2 md:py-12">
      <div className="mx-auto w-full max-w-md">
        <h1 className="mb-6 text-3xl font-bold text-slate-900">{PRODUCT}</h1>
        <Tabs
          label="Sign in or register"
          value={tab}
          onValueChange={setTab}
          tabs={[
            {
              value: 'login',
              label: 'Login',
              content: (
                <div className="space-y-4">
                  <Button variant="outline" className="w-full" onClick={() => void googleLogin()}>
                    Continue with Google
                  </Button>
                  <p className="text-center text-xs text-slate-500 uppercase">or</p>
                  <LoginForm onForgot={() => setForgot('request')} onNeedsVerification={setVerifyEmail} />
                </div>
              ),
            },
            {
              value: 'register',
              label: 'Register',
              content: <RegisterFormView onNeedsVerification={setVerifyEmail} />,
            },
          ]}
        />
        {forgot === 'request' && (
          <ResetRequestCard
            defaultEmail={resetEmail}
            onSent={(email) => {
              setResetEmail(email);
              setForgot('reset');
            }}
            onCancel={() => setForgot('closed')}
          />
        )}
        {forgot === 'reset' && (
          <ResetCodeCard
            email={resetEmail}
            onBack={() => setForgot('request')}
            onSendAgain={() => setForgot('request')}
            onDone={() => {
              // Both cards close and their forms start empty next time.
              setForgot('closed');
              setResetEmail('');
            }}
          />
        )}
        {verifyEmail !== null && (
          <VerifyEmailCard
            key={verifyEmail}
            email={verifyEmail}
            onVerified={() => {
              setVerifyEmail(null);
              setTab('login');
            }}
            onCancel={() => setVerifyEmail(null)}
          />
        )}
      </div>
      <aside className="rounded-2xl bg-gradient-to-br from-slate-900 to-slate-700 p-8 text-white">
        <h2 className="text-2xl font-bold">Chess, with room for two</h2>
        <p className="mt-3 text-slate-200">
          In {PRODUCT} a strong piece may share a square with its own pawn, capture-and-copy an enemy piece,
          and survive an attack while the pawn falls. Learn it in five minutes; keep discovering it for years.
        </p>
        <ul className="mt-6 space-y-2 text-slate-100">
          <li>♞ Play the computer at easy, medium or hard</li>
          <li>♝ Pass and play with a friend at one screen</li>
          <li>♜ Your games and statistics, saved</li>
        </ul>
      </aside>
      <Dialog open={notice} onOpenChange={setNotice} title="Development Notice">
        <p className="text-sm text-slate-700">
          {PRODUCT} is still being built. For the best experience please avoid your browser's dark mode: the
          board and pieces are designed for a light page.
        </p>
        <div className="mt-4 flex justify-end">
          <Button onClick={() => setNotice(false)}>I understand</Button>
        </div>
      </Dialog>
    </main>
  );
}

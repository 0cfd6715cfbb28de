import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { authApi, MSG } from '@meridian/domain';
import type { z } from 'zod';
import { Redirect } from '../../../ui/redirect';
import { PlainIcon } from '../../../ui/plain-icons';
import { useLogin } from '../api/login';
import { useRequestSignInLink } from '../api/request-sign-in-link';
import { useBrandingOrDefault } from '../../../app/branding';
import { useSession } from '../../../app/session/session-store';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { safeNext, ssoProblemText, ssoStartHref } from '../sso-links';
import { externalProblemText } from '../external-links';
import { SecondStepForm } from '../components/second-step-form';

const ZCredentials = authApi.ZLoginInput.pick({ userName: true, password: true });
type TCredentials = z.input<typeof ZCredentials>;
type TField = keyof TCredentials;
type TFieldErrors = Partial<Record<TField, string>>;

/** The message for a failed sign-in. */
function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return MSG.authenticationFailed;
  if (error.status === 401) return MSG.loginNotFound;
  if (error.status === 403 && error.code === 'ROLE_NOT_ALLOWED') return MSG.roleNotAllowed;
  if (error.status === 429) return error.message || MSG.tooManyAttempts;
  // This kind of account signs in through the campus identity provider only (docs/product/single-sign-on.md#local-passwords).
  if (error.code === 'PASSWORD_SIGN_IN_OFF') return authApi.MSG_SSO.passwordOff;
  return MSG.authenticationFailed;
}

/** The answer that sign-ins to this account are being slowed down (docs/product/auth.md#sign-in-throttling). */
const isThrottled = (error: unknown) => isApiError(error) && error.status === 429 && error.code === 'TOO_MANY_ATTEMPTS';

/** Each field's first message from the schema, or none when the input is valid. */
function validate(values: TCredentials): { data: z.output<typeof ZCredentials> | null; errors: TFieldErrors } {
  const parsed = ZCredentials.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: TFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TField;
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/** Where a signed-in user goes next: start loading the office's code while the sign-in is checked. */
function preloadSignedInPages() {
  void import('../../../app/mui-frame');
}

function Alert({ severity, role, children }: { severity: 'error' | 'info'; role: 'alert' | 'status'; children: ReactNode }) {
  return (
    <div className={`login-alert login-alert-${severity}`} role={role}>
      <PlainIcon name={severity} size={22} />
      <p>{children}</p>
    </div>
  );
}

interface TFieldProps {
  name: TField;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: React.Ref<HTMLInputElement>;
  autoComplete: string;
  autoFocus?: boolean;
  password?: boolean;
}

/** A labelled input with its message under it (announced through aria-describedby), like the MUI fields elsewhere. */
function Field({ name, label, value, error, onChange, inputRef, autoComplete, autoFocus = false, password = false }: TFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const input = (
    <input
      ref={inputRef}
      id={id}
      className="login-input"
      name={name}
      type={password && !visible ? 'password' : 'text'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete={autoComplete}
      // The login page is there to type into: the user name has the focus when it opens.
      autoFocus={autoFocus}
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-helper` : undefined}
    />
  );
  return (
    <div className={error ? 'login-field is-error' : 'login-field'}>
      <label className="login-label" htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      {password ? (
        <div className="login-input-wrap">
          {input}
          <button
            type="button"
            className="login-toggle"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(e) => e.preventDefault()}
          >
            <PlainIcon name={visible ? 'visibilityOff' : 'visibility'} />
          </button>
        </div>
      ) : (
        input
      )}
      {error ? (
        <p id={`${id}-helper`} className="login-helper is-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Who signs in on each page, and where the others go (docs/product/auth.md#login-pages). */
export const LOGIN_PORTALS = {
  scholar: {
    title: 'SCHOLAR',
    audience: 'Scholars, departments and office staff',
    other: { question: 'Are you a student?', link: 'Go to the student sign-in', to: '/login/student' },
  },
  student: {
    title: 'STUDENT',
    audience: 'Students and exchange visitors',
    other: { question: 'Scholar, department or office staff?', link: 'Go to the scholar and staff sign-in', to: '/login' },
  },
} as const;

/** #/login (SCHOLAR: scholars, departments, staff) and #/login/student (STUDENT). Plain HTML: no MUI to download. */
export function LoginPage({ portal }: { portal: 'scholar' | 'student' }) {
  const session = useSession();
  const navigate = useNavigate();
  const branding = useBrandingOrDefault();
  const login = useLogin();
  const [values, setValues] = useState<TCredentials>({ userName: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // After a right password of an account with two-step sign-in: the code step.
  const [challenge, setChallenge] = useState<authApi.TMfaChallenge | null>(null);
  const [search] = useSearchParams();
  const ssoProblem = ssoProblemText(search.get('sso')) ?? externalProblemText(search.get('external'));
  // Where the person was going when they were sent here: there again once signed in.
  const next = safeNext(search.get('next'));
  // While sign-ins to this user name are slowed down, the owner may ask for an e-mailed sign-in link instead.
  const [throttledUser, setThrottledUser] = useState<string | null>(null);
  const requestLink = useRequestSignInLink();
  const [linkAnswer, setLinkAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const page = LOGIN_PORTALS[portal];
  const title = page.title;
  useDocumentTitle(portal === 'student' ? 'Student Login' : 'Login');

  // Signed-in scholars and departments do not see the login page.
  if (session && (session.userRole === 'scholar' || session.userRole === 'department') && !login.isPending) {
    return <Redirect to="/" />;
  }

  const change = (field: TField) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt the messages follow the typing.
    if (submitted) setFieldErrors(validate(next).errors);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const { data, errors } = validate(values);
    setFieldErrors(errors);
    if (!data) {
      setFormError(MSG.invalidCredentials);
      (errors.userName ? userNameRef : passwordRef).current?.focus();
      return;
    }
    setFormError(null);
    setLinkAnswer(null);
    const userName = data.userName.trim();
    preloadSignedInPages();
    login.mutate(
      { userName, password: data.password, portal },
      {
        onSuccess: (answer) => {
          if (answer.type === 'mfa') setChallenge(answer);
          else void navigate(next ?? '/', { replace: true });
        },
        onError: (err) => {
          setFormError(loginErrorMessage(err));
          setThrottledUser(isThrottled(err) ? userName : null);
        },
      },
    );
  };
  const onRequestLink = () => {
    if (!throttledUser) return;
    setLinkAnswer(null);
    requestLink.mutate(
      { userName: throttledUser, portal },
      {
        onSuccess: (r) => setLinkAnswer({ ok: true, text: r.message }),
        onError: (e) => setLinkAnswer({ ok: false, text: isApiError(e) && e.status === 429 ? e.message : MSG.authenticationFailed }),
      },
    );
  };
  // The campus sign-on button (docs/product/single-sign-on.md#settings): the institution's own
  // sign-in page when Site Settings name one (Remote login URL), else the portal's single sign-on.
  const signOnHref = branding.Remote_login_url || ssoStartHref(portal, next);
  const showSignOn = branding.showCampusIdLoginBtn;

  return (
    <div>
      <h1 className="login-title">{title}</h1>
      <p className="login-audience">{page.audience}</p>
      <p className="login-welcome">{portal === 'student' ? branding.studentLoginWelcomeText : branding.loginWelcomeText}</p>
      {challenge ? (
        <SecondStepForm
          challenge={challenge}
          onSignedIn={() => void navigate(next ?? '/', { replace: true })}
          onStartAgain={() => {
            setChallenge(null);
            setValues((v) => ({ ...v, password: '' }));
          }}
        />
      ) : (
        <form noValidate aria-label={`${title} login`} onSubmit={onSubmit}>
          {ssoProblem && !formError ? (
            <Alert severity="error" role="alert">
              {ssoProblem}
            </Alert>
          ) : null}
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          {throttledUser ? (
            <div>
              {linkAnswer ? (
                <Alert severity={linkAnswer.ok ? 'info' : 'error'} role="status">
                  {linkAnswer.text}
                </Alert>
              ) : null}
              <button
                type="button"
                className="login-button login-button-outlined"
                onClick={onRequestLink}
                disabled={requestLink.isPending || linkAnswer?.ok === true}
                aria-busy={requestLink.isPending}
              >
                {requestLink.isPending ? <span className="plain-spinner" aria-hidden="true" /> : <PlainIcon name="mail" size={20} />}
                E-mail me a sign-in link
              </button>
            </div>
          ) : null}
          <Field
            name="userName"
            label="User name"
            value={values.userName}
            error={fieldErrors.userName}
            onChange={change('userName')}
            inputRef={userNameRef}
            autoComplete="username"
            autoFocus
          />
          <Field
            name="password"
            label="Password"
            value={values.password}
            error={fieldErrors.password}
            onChange={change('password')}
            inputRef={passwordRef}
            autoComplete="current-password"
            password
          />
          <button type="submit" className="login-button login-button-contained" disabled={login.isPending} aria-busy={login.isPending}>
            {login.isPending ? <span className="plain-spinner" aria-hidden="true" /> : <PlainIcon name="login" size={20} />}
            {login.isPending ? 'Logging in...' : 'LOGIN'}
          </button>
          <div className="login-links">
            <RouterLink className="login-link" to={portal === 'student' ? '/login/student/reset' : '/login/reset'}>
              Forgot your password?
            </RouterLink>
          </div>
        </form>
      )}
      {showSignOn ? (
        <div>
          <div className="login-divider">or Log in with</div>
          <a className="login-button login-button-outlined is-large" href={signOnHref}>
            {branding.loginButtonText}
          </a>
        </div>
      ) : null}
      <p className="login-other">
        {page.other.question}{' '}
        <RouterLink className="login-link" to={page.other.to}>
          {page.other.link}
        </RouterLink>
      </p>
    </div>
  );
}
